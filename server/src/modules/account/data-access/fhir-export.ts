import { randomUUID } from 'node:crypto';
import type {
  Appointment,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Communication,
  DiagnosticReport,
  Encounter,
  FhirResource,
  Immunization,
  MedicationRequest,
  Observation,
  Patient,
  QuestionnaireResponse,
  Reference,
} from 'fhir/r4';
import { parseIdentityCode, questionnaireResponseSchema, type Lang } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { messagesForExport } from '../../messaging/index';
import { personById, type Person } from '../../patients/index';
import {
  answeredQuestionnairesForExport,
  imagingResultsForExport,
  laboratoryResultsForExport,
  prescriptionsForExport,
  vaccinationsForExport,
  visitsForExport,
  type LaboratoryResultRow,
} from '../../records/index';

/**
 * "Download my data" (issue 12): the subject's own records as a FHIR R4 Bundle of type
 * `collection` (https://hl7.org/fhir/R4/bundle.html). Every query below is filtered by the one
 * `subjectPersonId` the caller got from the session (patientAccess), so nobody else's row can be in
 * it. Resources refer to each other by their entries' `urn:uuid:` fullUrls (no FHIR server stands
 * behind them); the portal's own ids are kept as identifiers.
 *
 * What goes where:
 * - Patient: names, the identity code (the patient's own, as the Finnish OID's identifier), birth
 *   date and gender from it, phone and email.
 * - Encounter: past visits (status finished) with their diagnoses (ICD-10) as reasonCode and the
 *   medical report's texts as the narrative.
 * - Appointment: visits still ahead (the records module treats them as appointments, not record);
 *   status booked. The booking module's reservations are to go through the same mapping.
 * - Observation: laboratory tests (single tests and a package's items); DiagnosticReport: each
 *   laboratory package (category LAB, its items as results) and each imaging statement (RAD).
 * - MedicationRequest: prescriptions. Immunization: vaccinations. QuestionnaireResponse: answered
 *   questionnaires (the stored answers are FHIR already). Communication: the messages of the
 *   patient's conversations; a deleted message keeps its place, without content.
 * - Not exported (yet): certificates, referrals, message attachments' bytes.
 */

/** The portal's own identifier and code systems (the same domain as its questionnaire extensions). */
const PORTAL = 'https://fhir.patient-portal.example';
const SYSTEMS = {
  identityCode: 'urn:oid:1.2.246.21',
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  laboratoryTest: `${PORTAL}/CodeSystem/laboratory-test`,
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  diagnosticServiceSection: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  ucum: 'http://unitsofmeasure.org',
  id: (kind: string) => `${PORTAL}/identifier/${kind}`,
} as const;

const XHTML = 'http://www.w3.org/1999/xhtml';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain-text narrative as FHIR's xhtml div (paragraphs, line breaks kept). */
function narrative(paragraphs: readonly { title: string; body: string }[]): { status: 'generated'; div: string } {
  const html = paragraphs
    .map(({ title, body }) => `<h2>${escapeXml(title)}</h2><p>${escapeXml(body).replace(/\r?\n/g, '<br/>')}</p>`)
    .join('');
  return { status: 'generated', div: `<div xmlns="${XHTML}">${html}</div>` };
}

const textConcept = (text: string): CodeableConcept => ({ text });
const portalId = (kind: string, id: number | string) => [{ system: SYSTEMS.id(kind), value: String(id) }];

const COMPARATOR = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' } as const;
const UCUM_DURATION = { day: 'd', week: 'wk', month: 'mo', year: 'a' } as const;

function specialtyName(row: { nameFi: string; nameSv: string; nameEn: string }, lang: Lang): string {
  if (lang === 'sv') return row.nameSv;
  if (lang === 'en') return row.nameEn;
  return row.nameFi;
}

/** Collects entries; `add` answers a Reference to the resource for the others. */
class BundleBuilder {
  readonly entries: BundleEntry<FhirResource>[] = [];
  add(resource: FhirResource): Reference {
    const fullUrl = `urn:uuid:${randomUUID()}`;
    this.entries.push({ fullUrl, resource });
    return { reference: fullUrl, type: resource.resourceType };
  }
}

export interface ExportOptions {
  subjectPersonId: string;
  lang: Lang;
  now: Date;
}

/** The subject's data as a FHIR R4 collection Bundle; null when the person does not exist. */
export async function buildDataExport(db: Database, { subjectPersonId, lang, now }: ExportOptions): Promise<Bundle<FhirResource> | null> {
  const person = await personById(db, subjectPersonId);
  if (!person) return null;
  const bundle = new BundleBuilder();
  const patient = bundle.add(patientResource(person));

  await addVisits(db, bundle, patient, subjectPersonId, lang, now);
  await addLaboratory(db, bundle, patient, subjectPersonId);
  await addImaging(db, bundle, patient, subjectPersonId);
  await addPrescriptions(db, bundle, patient, subjectPersonId);
  await addVaccinations(db, bundle, patient, subjectPersonId, lang);
  await addQuestionnaireResponses(db, bundle, patient, subjectPersonId);
  await addMessages(db, bundle, patient, subjectPersonId);

  return {
    resourceType: 'Bundle',
    language: lang,
    identifier: { system: SYSTEMS.id('data-export'), value: randomUUID() },
    type: 'collection',
    timestamp: now.toISOString(),
    entry: bundle.entries,
  };
}

function patientResource(person: Person): Patient {
  const parsed = parseIdentityCode(person.identityCode);
  const telecom: NonNullable<Patient['telecom']> = [];
  if (person.phoneNumber) telecom.push({ system: 'phone', value: person.phoneNumber, use: 'mobile' });
  if (person.email) telecom.push({ system: 'email', value: person.email });
  return {
    resourceType: 'Patient',
    identifier: [{ use: 'official', system: SYSTEMS.identityCode, value: person.identityCode }],
    active: true,
    name: [{ use: 'official', ...(person.familyName ? { family: person.familyName } : {}), ...(person.givenName.trim() ? { given: person.givenName.trim().split(/\s+/) } : {}) }],
    ...(telecom.length ? { telecom } : {}),
    ...(parsed.valid ? { gender: parsed.gender, birthDate: parsed.birthDate } : {}),
  };
}

async function addVisits(db: Database, bundle: BundleBuilder, patient: Reference, personId: string, lang: Lang, now: Date) {
  const { rows, diagnoses, texts } = await visitsForExport(db, personId, now);

  for (const row of rows) {
    const practitioner = `${row.firstName} ${row.lastName}`;
    const service = textConcept(specialtyName(row.specialty, lang));
    const location = row.clinicName ? [{ location: { display: row.clinicName } }] : undefined;
    if (row.dateTime > now) {
      bundle.add(appointmentResource({ id: row.id, start: row.dateTime, practitioner, service, clinicName: row.clinicName }, patient));
      continue;
    }
    const reasons = diagnoses.filter((d) => d.visitId === row.id);
    const report = texts.filter((t) => t.visitId === row.id);
    const encounter: Encounter = {
      resourceType: 'Encounter',
      identifier: portalId('visit', row.id),
      status: 'finished',
      class: { system: SYSTEMS.actCode, code: 'AMB', display: 'ambulatory' },
      serviceType: service,
      subject: patient,
      participant: [{ individual: { display: practitioner } }],
      period: { start: row.dateTime.toISOString() },
      ...(reasons.length
        ? { reasonCode: reasons.map((d) => ({ coding: [{ system: SYSTEMS.icd10, code: d.code, display: d.description }], text: d.description })) }
        : {}),
      ...(location ? { location } : {}),
      ...(report.length ? { text: narrative(report) } : {}),
    };
    bundle.add(encounter);
  }
}

/** A booked appointment (the records' visits still ahead today; the booking module's reservations later). */
export interface ExportAppointment {
  id: number | string;
  start: Date;
  practitioner: string;
  service: CodeableConcept;
  clinicName: string | null;
}

export function appointmentResource(appointment: ExportAppointment, patient: Reference): Appointment {
  return {
    resourceType: 'Appointment',
    identifier: portalId('appointment', appointment.id),
    status: 'booked',
    serviceType: [appointment.service],
    start: appointment.start.toISOString(),
    participant: [
      { actor: patient, status: 'accepted' },
      { actor: { display: appointment.practitioner }, status: 'accepted' },
      ...(appointment.clinicName ? [{ actor: { display: appointment.clinicName, type: 'Location' }, status: 'accepted' as const }] : []),
    ],
  };
}

async function addLaboratory(db: Database, bundle: BundleBuilder, patient: Reference, personId: string) {
  const rows = await laboratoryResultsForExport(db, personId);
  const category = [{ coding: [{ system: SYSTEMS.observationCategory, code: 'laboratory', display: 'Laboratory' }] }];
  const observationOf = new Map<number, Reference>();
  for (const row of rows) {
    if (row.kind === 'package') continue;
    observationOf.set(row.id, bundle.add(observationResource(row, patient, category)));
  }
  for (const row of rows) {
    if (row.kind !== 'package') continue;
    const results = rows.filter((item) => item.packageId === row.id).flatMap((item) => observationOf.get(item.id) ?? []);
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      identifier: portalId('laboratory-result', row.id),
      status: row.isReady ? 'final' : 'registered',
      category: [{ coding: [{ system: SYSTEMS.diagnosticServiceSection, code: 'LAB', display: 'Laboratory' }] }],
      code: { coding: [{ system: SYSTEMS.laboratoryTest, code: row.code, display: row.displayName }], text: row.displayName },
      subject: patient,
      effectiveDateTime: row.sampleDate,
      ...(results.length ? { result: results } : {}),
      ...(row.description ? { conclusion: row.description } : {}),
    };
    bundle.add(report);
  }
}

function observationResource(row: LaboratoryResultRow, patient: Reference, category: Observation['category']): Observation {
  const unit = row.unit ?? undefined;
  const quantity = (value: number) => ({ value, ...(unit ? { unit } : {}) });
  const notes = [row.description, row.additionalResult].filter((text): text is string => Boolean(text && text.trim()));
  const value: Partial<Observation> = !row.isReady
    ? {}
    : row.resultType === 'numeric' && row.resultNumber !== null
      ? { valueQuantity: { ...quantity(row.resultNumber), ...(row.prefix ? { comparator: COMPARATOR[row.prefix] } : {}) } }
      : row.resultType === 'textual' && row.resultText
        ? { valueString: row.resultText }
        : {};
  const range =
    row.referenceMin !== null || row.referenceMax !== null
      ? [{ ...(row.referenceMin !== null ? { low: quantity(row.referenceMin) } : {}), ...(row.referenceMax !== null ? { high: quantity(row.referenceMax) } : {}) }]
      : undefined;
  return {
    resourceType: 'Observation',
    identifier: portalId('laboratory-result', row.id),
    status: row.isReady ? 'final' : 'registered',
    category,
    code: { coding: [{ system: SYSTEMS.laboratoryTest, code: row.code, display: row.displayName }], text: row.displayName },
    subject: patient,
    effectiveDateTime: row.sampleDate,
    ...value,
    ...(row.isReady && row.isWithinReferenceRange !== null
      ? {
          interpretation: [
            {
              coding: [
                row.isWithinReferenceRange
                  ? { system: SYSTEMS.interpretation, code: 'N', display: 'Normal' }
                  : { system: SYSTEMS.interpretation, code: 'A', display: 'Abnormal' },
              ],
            },
          ],
        }
      : {}),
    ...(range ? { referenceRange: range } : {}),
    ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
  };
}

async function addImaging(db: Database, bundle: BundleBuilder, patient: Reference, personId: string) {
  const rows = await imagingResultsForExport(db, personId);
  for (const row of rows) {
    bundle.add({
      resourceType: 'DiagnosticReport',
      identifier: portalId('imaging-result', row.id),
      status: row.statementText ? 'final' : 'registered',
      category: [{ coding: [{ system: SYSTEMS.diagnosticServiceSection, code: 'RAD', display: 'Radiology' }] }],
      code: textConcept(row.examinationName ?? 'Imaging'),
      subject: patient,
      effectiveDateTime: row.imagingDate,
      ...(row.statementText ? { conclusion: row.statementText } : {}),
    } satisfies DiagnosticReport);
  }
}

async function addPrescriptions(db: Database, bundle: BundleBuilder, patient: Reference, personId: string) {
  const rows = await prescriptionsForExport(db, personId);
  for (const row of rows) {
    const duration =
      row.treatmentLength !== null && row.treatmentLengthUnit !== null
        ? { expectedSupplyDuration: { value: row.treatmentLength, unit: row.treatmentLengthUnit, system: SYSTEMS.ucum, code: UCUM_DURATION[row.treatmentLengthUnit] } }
        : {};
    const request: MedicationRequest = {
      resourceType: 'MedicationRequest',
      identifier: portalId('prescription', row.id),
      // The portal does not know whether a prescription is still in force (the pharmacy system does).
      status: 'unknown',
      intent: 'order',
      medicationCodeableConcept: textConcept(`${row.medicineName} ${row.strength}`.trim()),
      subject: patient,
      authoredOn: row.issuedDate,
      dosageInstruction: [{ text: row.dosageGuide, ...(row.usageGuide ? { patientInstruction: row.usageGuide } : {}) }],
      dispenseRequest: {
        quantity: { value: row.packageSize * row.packageCount, unit: row.packageUnit },
        ...duration,
      },
      note: [{ text: `${row.medicineType}; ${row.packageCount} × ${row.packageSize} ${row.packageUnit}; ${row.totalAmount}` }],
    };
    bundle.add(request);
  }
}

async function addVaccinations(db: Database, bundle: BundleBuilder, patient: Reference, personId: string, lang: Lang) {
  const rows = await vaccinationsForExport(db, personId);
  for (const { row, firstName, lastName, clinicName, specialty } of rows) {
    const notes = [row.nextDoseDate ? `Next dose: ${row.nextDoseDate}` : null, specialty ? specialtyName(specialty, lang) : null].filter(
      (text): text is string => text !== null,
    );
    const immunization: Immunization = {
      resourceType: 'Immunization',
      identifier: portalId('vaccination', row.id),
      status: 'completed',
      vaccineCode: textConcept(row.vaccineName),
      patient,
      occurrenceDateTime: row.vaccinationDate,
      primarySource: true,
      ...(clinicName ? { location: { display: clinicName } } : {}),
      ...(firstName !== null && lastName !== null ? { performer: [{ actor: { display: `${firstName} ${lastName}` } }] } : {}),
      ...(row.dose ? { doseQuantity: { unit: row.dose }, protocolApplied: [{ doseNumberString: row.dose }] } : {}),
      ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
    };
    bundle.add(immunization);
  }
}

async function addQuestionnaireResponses(db: Database, bundle: BundleBuilder, patient: Reference, personId: string) {
  const rows = await answeredQuestionnairesForExport(db, personId);
  for (const row of rows) {
    const stored = questionnaireResponseSchema.safeParse(row.answers);
    if (!stored.success || !row.answeredAt) continue;
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      // QuestionnaireResponse.identifier is 0..1
      identifier: portalId('questionnaire-invitation', row.id)[0],
      status: 'completed',
      ...(stored.data.questionnaire ? { questionnaire: stored.data.questionnaire } : {}),
      subject: patient,
      authored: row.answeredAt.toISOString(),
      author: patient,
      // The schema's items are FHIR QuestionnaireResponse.item already (a subset of its answer types).
      ...(stored.data.item ? { item: stored.data.item as QuestionnaireResponse['item'] } : {}),
    };
    bundle.add(response);
  }
}

async function addMessages(db: Database, bundle: BundleBuilder, patient: Reference, personId: string) {
  const conversations = await messagesForExport(db, personId);
  if (!conversations) return;
  const customer = { id: conversations.customerUserId };
  const rows = conversations.messages;
  for (const row of rows) {
    const byPatient = row.authorId === customer.id;
    const other = { display: `${row.authorFirstName} ${row.authorLastName}`.trim() };
    const communication: Communication = {
      resourceType: 'Communication',
      identifier: portalId('message', row.id),
      status: row.deletedAt ? 'entered-in-error' : 'completed',
      subject: patient,
      topic: { text: row.title, coding: [{ system: SYSTEMS.id('thread'), code: String(row.threadId) }] },
      sent: row.createdAt.toISOString(),
      sender: byPatient ? patient : other,
      ...(byPatient ? {} : { recipient: [patient] }),
      ...(row.deletedAt ? {} : { payload: [{ contentString: row.content }] }),
    };
    bundle.add(communication);
  }
}

