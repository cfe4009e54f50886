import { cleanAddressText } from '../../../../common/schemas/address';
import { HttpError } from '../../../lib/api-client';
import { ADDRESS_TEXTS } from '../texts';

export const ADDRESS_FORM_FIELDS = [
  'name',
  'phone',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'pincode',
  'district',
  'state',
  'country',
] as const;
export type AddressFormField = (typeof ADDRESS_FORM_FIELDS)[number];

export interface SaveErrors {
  fieldErrors: Partial<Record<AddressFormField, string>>;
  formError: string | null;
}

/** A server message made safe to show: plain text (no markup, no control characters), kept short. */
export function sanitiseMessage(message: unknown): string | null {
  if (typeof message !== 'string') return null;
  const text = cleanAddressText(message.replace(/<[^>]*>/g, '')).slice(0, 300);
  return text || null;
}

function errorsOf(data: unknown): { path: string; msg: string }[] | null {
  if (!data || typeof data !== 'object' || !('errors' in data) || !Array.isArray(data.errors)) return null;
  return data.errors.filter(
    (item): item is { path: string; msg: string } =>
      !!item && typeof item === 'object' && typeof item.path === 'string' && typeof item.msg === 'string',
  );
}

/**
 * The address-save handling of SPEC.md §7–§8: a 422 or 401 with errors puts each message on its field
 * (one that names no field joins the general error); any other answer is a general error with the
 * server's sanitised message or "Something went wrong!"; an add that failed without an answer says
 * "Couldn’t add the address".
 */
export function saveErrorsFrom(error: unknown, mode: 'add' | 'edit'): SaveErrors {
  if (!(error instanceof HttpError)) {
    return {
      fieldErrors: {},
      formError: mode === 'add' ? ADDRESS_TEXTS.couldNotAdd : ADDRESS_TEXTS.somethingWentWrong,
    };
  }
  const errors = errorsOf(error.data);
  if ((error.status === 422 || error.status === 401) && errors && errors.length > 0) {
    const fieldErrors: SaveErrors['fieldErrors'] = {};
    const leftOver: string[] = [];
    for (const { path, msg } of errors) {
      const field = path.split(/[./]/).filter(Boolean).pop() ?? '';
      const text = sanitiseMessage(msg) ?? ADDRESS_TEXTS.somethingWentWrong;
      if ((ADDRESS_FORM_FIELDS as readonly string[]).includes(field)) {
        fieldErrors[field as AddressFormField] ??= text;
      } else {
        leftOver.push(text);
      }
    }
    return { fieldErrors, formError: leftOver.length > 0 ? leftOver.join(' ') : null };
  }
  if (error.status === 404 && mode === 'edit') return { fieldErrors: {}, formError: ADDRESS_TEXTS.notFound };
  return {
    fieldErrors: {},
    formError: sanitiseMessage(HttpError.messageOf(error.data)) ?? ADDRESS_TEXTS.somethingWentWrong,
  };
}
