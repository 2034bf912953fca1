import './TextInput.css';

/** The class of every form's text input and textarea; add a module class for a field's own size. */
export const TEXT_INPUT_CLASS = 'portal-text-input';
