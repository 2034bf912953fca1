import './DetailsList.css';

/** The class of a <dl> of label/value pairs (each <dt>/<dd> pair wrapped in a <div>). */
export const DETAILS_LIST_CLASS = 'portal-details';
