// rjsf templates in the app's own look: a field row (the argument's name as
// its label, a required mark, the schema title and description, a null
// toggle for nullable fields, errors), objects and arrays as fieldsets, and
// array items as labelled groups with move / remove buttons.

import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  DescriptionFieldProps,
  FieldErrorProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  TitleFieldProps,
} from '@rjsf/utils';
import { descriptionId, errorId, titleId } from '@rjsf/utils';
import { isJsonField, isNullable, type Schema } from './prepare-schema.js';

/** The name an argument has on the wire: the last string key of its path. */
function fieldName(path: ReadonlyArray<string | number>): string {
  const last = path[path.length - 1];
  if (typeof last === 'string') return last;
  if (typeof last === 'number') return `item ${last + 1}`;
  return 'arguments';
}

/** Visual only: the input itself carries `required`, which assistive technology announces. */
function RequiredMark() {
  return (
    <span className="required-mark" title="required" aria-hidden="true">
      *
    </span>
  );
}

function NullToggle({ props, name }: { props: FieldTemplateProps; name: string }) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  const isNull = formData === null;
  return (
    <label className="null-toggle" title="Send null instead of a value; uncheck to leave the field out">
      <input
        type="checkbox"
        checked={isNull}
        disabled={disabled || readonly}
        aria-label={`Send ${name} as null`}
        onChange={(e) => onChange(e.target.checked ? null : undefined, fieldPathId.path)}
      />
      null
    </label>
  );
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, errors, help, description, hidden, required, schema, fieldPathId, formData } = props;
  // rjsf shows no label for untyped schemas; a JSON-edited field still needs one.
  const displayLabel = props.displayLabel || (isJsonField(schema) && fieldPathId.path.length > 0);
  if (hidden) return <div hidden>{children}</div>;
  const name = fieldName(fieldPathId.path);
  const isRoot = fieldPathId.path.length === 0;
  const nullable = !isRoot && isNullable(schema as Schema);
  const schemaTitle = typeof schema.title === 'string' && schema.title !== name ? schema.title : undefined;
  // An array item's group already names it ("values item 2"): its label is for screen readers only.
  const isItem = typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number';
  const showHeader = displayLabel || nullable;
  return (
    <div className={`form-field${formData === null ? ' is-null' : ''}`}>
      {showHeader && (
        <div className="form-field-header">
          {displayLabel ? (
            <span className={isItem ? 'sr-only' : undefined}>
              <label htmlFor={id} className="form-field-name">
                {name}
              </label>
              {required && !isItem && <RequiredMark />}
            </span>
          ) : (
            <span className="form-field-name">{name}</span>
          )}
          {displayLabel && schemaTitle && <span className="form-field-title">{schemaTitle}</span>}
          {nullable && <NullToggle props={props} name={name} />}
        </div>
      )}
      {displayLabel && description}
      {/* A disabled fieldset disables every control inside while the value is null. */}
      <fieldset className="null-wrap" disabled={formData === null && nullable}>
        {children}
      </fieldset>
      {errors}
      {help}
    </div>
  );
}

export function TitleFieldTemplate({ id, title, required, schema }: TitleFieldProps) {
  const schemaTitle = typeof schema.title === 'string' && schema.title !== title ? schema.title : undefined;
  return (
    <legend id={id} className="form-legend">
      <span className="form-field-name">{title}</span>
      {required && <RequiredMark />}
      {schemaTitle && <span className="form-field-title">{schemaTitle}</span>}
    </legend>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="form-description">
      {description}
    </p>
  );
}

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter((e) => !!e);
  if (shown.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="form-field-errors">
      {shown.map((error, i) => (
        <li key={i}>{error}</li>
      ))}
    </ul>
  );
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, required, schema, uiSchema, registry } = props;
  const isRoot = fieldPathId.path.length === 0;
  const content = properties.filter((p) => !p.hidden).map((p) => p.content);
  // An array item is already a labelled group; a second title would only repeat it.
  if (typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number') {
    return (
      <div className="form-object-item" id={fieldPathId.$id}>
        {content}
      </div>
    );
  }
  if (isRoot) {
    return (
      <div className="form-root" id={fieldPathId.$id}>
        {content.length === 0 && <p className="hint">This tool declares no arguments.</p>}
        {content}
      </div>
    );
  }
  return (
    <fieldset className="form-object" id={fieldPathId.$id} aria-describedby={description ? descriptionId(fieldPathId) : undefined}>
      <TitleFieldTemplate id={titleId(fieldPathId)} title={title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      {description && <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} registry={registry} />}
      {content}
    </fieldset>
  );
}

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, items, canAdd, onAddClick, disabled, readonly, fieldPathId, required, schema, uiSchema, registry } = props;
  const name = title || fieldName(fieldPathId.path);
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return (
    <fieldset className="form-array" id={fieldPathId.$id}>
      <TitleFieldTemplate id={titleId(fieldPathId)} title={name} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      {description && <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} registry={registry} />}
      {items.length === 0 && <p className="hint">No items.</p>}
      <div className="form-array-items">{items}</div>
      {canAdd && (
        <button type="button" className="small" onClick={onAddClick} disabled={disabled || readonly} aria-label={`Add an item to ${name}`}>
          + Add item
        </button>
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, totalItems, parentUiSchema, disabled, readonly } = props;
  const parent = typeof parentUiSchema?.['ui:title'] === 'string' ? parentUiSchema['ui:title'] : 'array';
  const label = `${parent} item ${index + 1}`;
  const off = disabled || readonly;
  return (
    <div role="group" aria-label={label} className="form-array-item">
      <div className="form-array-item-head">
        <span className="form-array-item-label">
          #{index + 1} <span className="hint">of {totalItems}</span>
        </span>
        {hasToolbar && (
          <span className="form-array-item-buttons">
            {(buttonsProps.hasMoveUp || buttonsProps.hasMoveDown) && (
              <>
                <button
                  type="button"
                  className="small"
                  disabled={off || !buttonsProps.hasMoveUp}
                  onClick={buttonsProps.onMoveUpItem}
                  aria-label={`Move ${label} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="small"
                  disabled={off || !buttonsProps.hasMoveDown}
                  onClick={buttonsProps.onMoveDownItem}
                  aria-label={`Move ${label} down`}
                >
                  ↓
                </button>
              </>
            )}
            {buttonsProps.hasRemove && (
              <button type="button" className="small" disabled={off} onClick={buttonsProps.onRemoveItem} aria-label={`Remove ${label}`}>
                Remove
              </button>
            )}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}

export const templates = {
  FieldTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates: { SubmitButton: () => null },
};
