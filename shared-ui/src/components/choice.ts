import './Choice.css';

/** The class of a radio button's or checkbox's row: the <input> and its label text side by side. */
export const CHOICE_CLASS = 'portal-choice';
