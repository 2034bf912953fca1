export { InsuranceSelection, type InsuranceSelectionProps, type InsuranceAppointment } from './InsuranceSelection';
export { ensureConcept } from './ensure-concept';
