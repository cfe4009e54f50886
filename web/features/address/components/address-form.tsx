import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { INDIAN_STATES_AND_UTS } from '../../../../common/indian-states';
import {
  ADDRESS_LIMITS,
  type Address,
  type AddressInput,
  cleanAddressText,
} from '../../../../common/schemas/address';
import { FormMessage, SelectField, TextField } from '../../../components/ui/form-fields';
import { useErrorFocus } from '../../../components/ui/use-error-focus';
import { useAddAddressMutation } from '../api/add-address';
import { useUpdateAddressMutation } from '../api/update-address';
import { stateForPincode } from '../lib/pincode-states';
import {
  ADDRESS_FORM_FIELDS,
  type AddressFormField,
  type SaveErrors,
  saveErrorsFrom,
} from '../lib/save-errors';
import { ADDRESS_TEXTS } from '../texts';

type Values = Record<AddressFormField, string>;

function initialValues(address?: Address): Values {
  return {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    addressLine3: address?.addressLine3 ?? '',
    pincode: address?.pincode ?? '',
    district: address?.district ?? '',
    state: address?.state ?? '',
    country: 'India',
  };
}

/**
 * What the form sends (SPEC.md §3, §5): phone and pincode parsed as base-10 integers, every text
 * field sanitised. Validation is the server's; its answers come back onto the fields.
 */
export function toAddressPayload(values: Values, isDefault: boolean): AddressInput {
  return {
    name: cleanAddressText(values.name),
    phone: Number.parseInt(values.phone, 10),
    addressLine1: cleanAddressText(values.addressLine1),
    addressLine2: cleanAddressText(values.addressLine2),
    addressLine3: cleanAddressText(values.addressLine3),
    pincode: Number.parseInt(values.pincode, 10),
    district: cleanAddressText(values.district),
    state: cleanAddressText(values.state),
    country: cleanAddressText(values.country),
    ...(isDefault ? { isDefault: true } : {}),
  };
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

interface AddressFormProps {
  /** The address to edit; none to add one. */
  address?: Address;
  /** Where a saved address goes; by default the shopper is back on /address. */
  onSaved?: (saved: Address) => void;
  /** What Cancel does; by default back to /address. */
  onCancel?: () => void;
}

/** Adds an address, or edits `address`; after a successful save `onSaved` (or /address) follows. */
export function AddressForm({ address, onSaved, onCancel }: AddressFormProps) {
  const navigate = useNavigate();
  const add = useAddAddressMutation();
  const update = useUpdateAddressMutation();
  const [values, setValues] = useState<Values>(() => initialValues(address));
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<SaveErrors>({ fieldErrors: {}, formError: null });
  const [saving, setSaving] = useState(false);
  const errorFocus = useErrorFocus();
  const mode = address ? 'edit' : 'add';

  const set = (field: AddressFormField, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function onPincode(value: string) {
    const pincode = digitsOnly(value).slice(0, 6);
    setValues((current) => {
      const state = current.state || stateForPincode(pincode) || '';
      return { ...current, pincode, state };
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({ fieldErrors: {}, formError: null });
    const body = toAddressPayload(values, isDefault);
    let saved: Address;
    try {
      saved = address ? await update.mutateAsync({ id: address._id, body }) : await add.mutateAsync(body);
    } catch (error) {
      const failed = saveErrorsFrom(error, mode);
      setErrors(failed);
      setSaving(false);
      errorFocus.failed(ADDRESS_FORM_FIELDS.flatMap((field) => failed.fieldErrors[field] ?? []));
      return;
    }
    if (onSaved) onSaved(saved);
    else await navigate('/address');
  }

  const fieldError = (field: AddressFormField) => errors.fieldErrors[field];
  const text = (field: AddressFormField) => ({
    name: field,
    label: ADDRESS_TEXTS.fields[field],
    value: values[field],
    error: fieldError(field),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  const title = address ? ADDRESS_TEXTS.editTitle : ADDRESS_TEXTS.addTitle;

  return (
    <form ref={errorFocus.ref} noValidate onSubmit={onSubmit} aria-label={title} className="space-y-4">
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      {errorFocus.summary}
      <TextField {...text('name')} autoComplete="name" maxLength={ADDRESS_LIMITS.nameMax} required />
      <TextField
        {...text('phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        hint={ADDRESS_TEXTS.phoneHint}
        onChange={(event) => set('phone', digitsOnly(event.target.value))}
        required
      />
      <TextField
        {...text('addressLine1')}
        autoComplete="address-line1"
        maxLength={ADDRESS_LIMITS.lineMax}
        required
      />
      <TextField {...text('addressLine2')} autoComplete="address-line2" maxLength={ADDRESS_LIMITS.lineMax} />
      <TextField {...text('addressLine3')} autoComplete="address-line3" maxLength={ADDRESS_LIMITS.lineMax} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...text('pincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          hint={ADDRESS_TEXTS.pincodeHint}
          onChange={(event) => onPincode(event.target.value)}
          required
        />
        <TextField
          {...text('district')}
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.districtMax}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={ADDRESS_TEXTS.fields.state}
          name="state"
          autoComplete="address-level1"
          value={values.state}
          onChange={(event) => set('state', event.target.value)}
          error={fieldError('state')}
          required
        >
          <option value="">{ADDRESS_TEXTS.chooseState}</option>
          {INDIAN_STATES_AND_UTS.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <TextField {...text('country')} autoComplete="country-name" readOnly />
      </div>
      {!address?.isDefault && (
        <label className="flex min-h-11 items-center gap-3 text-stone-800">
          <input
            type="checkbox"
            name="isDefault"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
            className="size-5 accent-brand-700"
          />
          {ADDRESS_TEXTS.makeDefault}
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? ADDRESS_TEXTS.saving : ADDRESS_TEXTS.save}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => (onCancel ? onCancel() : void navigate('/address'))}
        >
          {ADDRESS_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
