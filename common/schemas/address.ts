import { z } from 'zod';
import { INDIAN_STATES_AND_UTS, isIndianState } from '../indian-states';
import { cleanText, singleLine } from './text';

export const ADDRESS_LIMITS = {
  nameMin: 2,
  nameMax: 60,
  lineMax: 200,
  districtMax: 100,
  /** A shopper keeps at most this many addresses, so one account cannot grow the table without end. */
  perUser: 20,
} as const;

/** An Indian pincode: six digits, the first (the postal zone) never 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

export const ADDRESS_MESSAGES = {
  nameMin: `Enter at least ${ADDRESS_LIMITS.nameMin} characters.`,
  nameMax: `Use at most ${ADDRESS_LIMITS.nameMax} characters.`,
  phone: 'Enter a 10-digit Indian mobile number.',
  pincode: 'Enter a 6-digit pincode that does not start with 0.',
  required: 'This field is required.',
  lineMax: `Use at most ${ADDRESS_LIMITS.lineMax} characters.`,
  districtMax: `Use at most ${ADDRESS_LIMITS.districtMax} characters.`,
  state: 'Choose an Indian state or union territory.',
  country: 'Addresses must be in India.',
} as const;

/**
 * Plain text as the address form sends it: what the text rules forbid taken out (every field is one
 * line), trimmed. The server refuses what a client did not clean. React escapes on output.
 */
export function cleanAddressText(value: string): string {
  return cleanText(value).trim();
}

const text = singleLine(ADDRESS_MESSAGES.required).trim();
const requiredText = (max: number, tooLong: string) =>
  text.min(1, ADDRESS_MESSAGES.required).max(max, tooLong);
const optionalText = text.max(ADDRESS_LIMITS.lineMax, ADDRESS_MESSAGES.lineMax);

/**
 * A number the client sends as an integer (SPEC.md §3, §5); a digit string is accepted as well.
 * Either way it is kept as its digits, which must match the pattern.
 */
const digits = (pattern: RegExp, message: string) =>
  z
    .union([z.int(), singleLine()], message)
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().regex(pattern, message));

/** `POST /api/users/address` and `PUT /api/users/address/{id}` (DESIGN.md §5). */
export const addressInputSchema = z.object({
  name: text
    .min(ADDRESS_LIMITS.nameMin, ADDRESS_MESSAGES.nameMin)
    .max(ADDRESS_LIMITS.nameMax, ADDRESS_MESSAGES.nameMax),
  /** A 10-digit Indian mobile, first digit 6–9, without +91. */
  phone: digits(/^[6-9][0-9]{9}$/, ADDRESS_MESSAGES.phone),
  addressLine1: requiredText(ADDRESS_LIMITS.lineMax, ADDRESS_MESSAGES.lineMax),
  addressLine2: optionalText.optional().transform((value) => value ?? ''),
  addressLine3: optionalText.optional().transform((value) => value ?? ''),
  /** Six digits, not starting with 0. */
  pincode: digits(PINCODE_PATTERN, ADDRESS_MESSAGES.pincode),
  district: requiredText(ADDRESS_LIMITS.districtMax, ADDRESS_MESSAGES.districtMax),
  state: text.refine(isIndianState, ADDRESS_MESSAGES.state),
  country: text.refine((value) => value === 'India', ADDRESS_MESSAGES.country),
  /** True makes this the shopper's default address; false or absent leaves the default as it is. */
  isDefault: z.boolean().optional(),
});
/** What the form sends: phone and pincode as integers (strings are accepted too). */
export type AddressInput = z.input<typeof addressInputSchema>;
/** What the server keeps: trimmed plain text, phone and pincode as their digits. */
export type AddressFields = z.output<typeof addressInputSchema>;

export const addressIdParamsSchema = z.object({ id: z.string().max(64) });

/** An address as the API answers it. */
export const addressSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    phone: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    addressLine3: z.string(),
    pincode: z.string(),
    district: z.string(),
    state: z.enum(INDIAN_STATES_AND_UTS),
    country: z.literal('India'),
    isDefault: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/** `POST`, `PUT` and `PATCH …/default`. */
export const addressResponseSchema = z.object({ address: addressSchema });
/** `GET /api/users/address`: the default first, then the newest. */
export const addressListSchema = z.object({ addresses: z.array(addressSchema) });
export type AddressList = z.infer<typeof addressListSchema>;
