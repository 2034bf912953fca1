import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FhirQuestionnaireItem } from '@portal/shared-api';
import { errorMessage, hintMessage, itemLabel, optionKey, type FieldValue, type FormErrors, type FormValues } from './form-model';
import styles from './QuestionnaireForm.module.css';
import { TEXT_INPUT_CLASS } from '@portal/shared-ui';

/** What every field of one form shares: the values, errors, enabled items, element ids and the change handler. */
export interface FormFieldsContext {
  values: FormValues;
  errors: FormErrors;
  enabled: ReadonlySet<string>;
  domIds: ReadonlyMap<string, string>;
  disabled: boolean;
  onChange(linkId: string, value: FieldValue): void;
}

/** The items of a level, in the form's order; items whose enableWhen does not hold are not shown. */
export function QuestionnaireItems({ items, fields }: { items: readonly FhirQuestionnaireItem[]; fields: FormFieldsContext }) {
  return (
    <>
      {items.map((item) => (
        <QuestionnaireItemField key={item.linkId} item={item} fields={fields} />
      ))}
    </>
  );
}

function RequiredMark() {
  // the inputs say 'required' to assistive technology; the star is for the eye (explained above the form)
  return (
    <span className="portal-error-text" aria-hidden="true">
      {' *'}
    </span>
  );
}

/**
 * One item with the portal's own accessible controls: a labelled input (string, integer, date), a
 * textarea (text), radio buttons in a fieldset whose legend is the question (boolean, choice), a
 * fieldset with its items (group), or a paragraph (display). Texts are plain text, never HTML.
 */
function QuestionnaireItemField({ item, fields }: { item: FhirQuestionnaireItem; fields: FormFieldsContext }) {
  const intl = useIntl();
  if (!fields.enabled.has(item.linkId)) return null;
  const id = fields.domIds.get(item.linkId) ?? item.linkId;
  const label = itemLabel(item);
  const code = fields.errors.get(item.linkId);
  const hint = hintMessage(item);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, code ? errorId : null].filter(Boolean).join(' ') || undefined;
  const error = code ? (
    <p id={errorId} className={`${styles.error} portal-field__error portal-bold`}>
      {intl.formatMessage({ id: errorMessage(item, code).id }, errorMessage(item, code).values)}
    </p>
  ) : null;
  const hintText = hint ? (
    <p id={hintId} className="portal-field__hint">
      {intl.formatMessage({ id: hint.id }, hint.values)}
    </p>
  ) : null;
  const value = fields.values[item.linkId];
  const textValue = typeof value === 'string' ? value : '';

  switch (item.type) {
    case 'display':
      return (
        <p id={id} className={styles.display}>
          {label}
        </p>
      );
    case 'group':
      return (
        <fieldset id={id} className="portal-min-w0 portal-vstack-m portal-box portal-m0" aria-describedby={code ? errorId : undefined}>
          {label && (
            <legend className={`${styles.groupLegend} portal-field__label portal-title-l`}>
              {label}
              {item.required && <RequiredMark />}
            </legend>
          )}
          {error}
          <div className="portal-vstack-l">
            <QuestionnaireItems items={item.item ?? []} fields={fields} />
          </div>
        </fieldset>
      );
    case 'boolean':
    case 'choice': {
      const options: Array<{ key: string; label: ReactNode; value: FieldValue }> =
        item.type === 'boolean'
          ? [
              { key: 'yes', label: intl.formatMessage({ id: 'common.yes' }), value: true },
              { key: 'no', label: intl.formatMessage({ id: 'common.no' }), value: false },
            ]
          : (item.answerOption ?? []).map((option, index) => ({
              key: optionKey(index),
              label: option.valueCoding ? (option.valueCoding.display ?? option.valueCoding.code) : option.valueString,
              value: optionKey(index),
            }));
      return (
        <fieldset
          id={id}
          className={`${styles.choices} portal-fieldset portal-vstack-xxs`}
          role="radiogroup"
          aria-required={item.required || undefined}
          aria-invalid={code ? true : undefined}
          aria-describedby={describedBy}
        >
          <legend className="portal-field__label">
            {label}
            {item.required && <RequiredMark />}
          </legend>
          {options.map((option) => (
            <label key={option.key} className={`${styles.option} portal-items-center portal-flex portal-touch portal-gap-xs`}>
              <input
                type="radio"
                className={`${styles.radio} portal-m0 portal-focus-outline`}
                name={id}
                value={option.key}
                checked={value === option.value}
                disabled={fields.disabled}
                onChange={() => fields.onChange(item.linkId, option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
          {error}
        </fieldset>
      );
    }
    case 'text':
      return (
        <div className="portal-field">
          <label htmlFor={id} className="portal-field__label">
            {label}
            {item.required && <RequiredMark />}
          </label>
          {hintText}
          <textarea
            id={id}
            className={TEXT_INPUT_CLASS}
            rows={4}
            value={textValue}
            required={item.required}
            disabled={fields.disabled}
            aria-invalid={code ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => fields.onChange(item.linkId, event.target.value)}
          />
          {error}
        </div>
      );
    default:
      // string, integer and date: one line
      return (
        <div className="portal-field">
          <label htmlFor={id} className="portal-field__label">
            {label}
            {item.required && <RequiredMark />}
          </label>
          {hintText}
          <input
            id={id}
            className={`${TEXT_INPUT_CLASS} ${item.type === 'string' ? '' : styles.short}`.trim()}
            type={item.type === 'date' ? 'date' : 'text'}
            inputMode={item.type === 'integer' ? 'numeric' : undefined}
            autoComplete="off"
            value={textValue}
            required={item.required}
            disabled={fields.disabled}
            aria-invalid={code ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => fields.onChange(item.linkId, event.target.value)}
          />
          {error}
        </div>
      );
  }
}
