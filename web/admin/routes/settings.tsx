import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { API } from '../../../common/api-paths';
import type { ShopSettingsView, UpdateSettingsBody } from '../../../common/schemas/admin-staff';
import { FormMessage, TextField } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { formErrorsFrom } from '../../features/auth/lib/errors';
import { api } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { meQueryKey } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

export const TEXTS = {
  title: 'Settings',
  intro: 'Changes apply at once, without a restart; the shop shows them within a minute.',
  shop: 'The shop',
  contacts: 'How customers reach you',
  delivery: 'Delivery charges',
  security: 'Staff sign-in',
  grievanceOfficer: 'Grievance Officer',
  grievanceOfficerIntro:
    'Named on the contact page, in the footer and in the privacy policy, as the Consumer Protection (E-Commerce) Rules, 2020 ask.',
  fields: {
    shopName: 'Shop name',
    supportEmail: 'Support email',
    supportPhone: 'Support phone',
    whatsappNumber: 'WhatsApp number',
    shippingFee: 'Shipping fee (₹)',
    freeShippingFrom: 'Free shipping from (₹)',
    require2fa: 'Require two-factor sign-in for all staff',
    grievanceOfficerName: 'Name',
    grievanceOfficerDesignation: 'Designation',
    grievanceOfficerEmail: 'Email',
    grievanceOfficerPhone: 'Phone',
  } satisfies Record<keyof ShopSettingsView, string>,
  hints: {
    supportPhone: 'As customers dial it, such as +91 98765 43210.',
    whatsappNumber: 'Digits with the country code, such as 919876543210.',
    freeShippingFrom: 'Orders whose items come to at least this ship free; 0 makes every order ship free.',
    require2fa:
      'Staff without it can still sign in with their password, but can only set it up under My account until it is on.',
  },
  save: 'Save settings',
  saved: 'Settings saved.',
} as const;

const FIELDS = Object.keys(TEXTS.fields) as (keyof ShopSettingsView)[];
const MONEY = ['shippingFee', 'freeShippingFrom'] as const;
const OFFICER = [
  'grievanceOfficerName',
  'grievanceOfficerDesignation',
  'grievanceOfficerEmail',
  'grievanceOfficerPhone',
] as const;

/** Rupees as typed; a blank or a word goes to the server as it is, which says what is wrong with it. */
function rupeesOf(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function SettingsForm({ settings }: { settings: ShopSettingsView }) {
  const queryClient = useQueryClient();
  const [require2fa, setRequire2fa] = useState(settings.require2fa);
  const save = useMutation({
    mutationFn: (changes: UpdateSettingsBody) =>
      api.patch<{ settings: ShopSettingsView }>(API.admin.settings, changes),
    onSuccess: ({ settings: saved }) => {
      toast.success(TEXTS.saved);
      queryClient.setQueryData(['admin', 'settings'], saved);
      // Requiring two-factor sign-in may apply to the owner too: the frame asks again.
      queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  const { fieldErrors, formError } = save.error
    ? formErrorsFrom(save.error, FIELDS, ADMIN_TEXTS.formFallback)
    : { fieldErrors: {}, formError: null };
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    // The form sends every setting; a number field's text is checked by the server, like the others.
    save.mutate({
      shopName: text('shopName'),
      supportEmail: text('supportEmail'),
      supportPhone: text('supportPhone'),
      whatsappNumber: text('whatsappNumber'),
      ...Object.fromEntries(MONEY.map((name) => [name, rupeesOf(text(name))])),
      require2fa,
      ...Object.fromEntries(OFFICER.map((name) => [name, text(name)])),
    } as UpdateSettingsBody);
  };
  // A heading rather than a legend: a legend sits astride the card's top edge.
  const heading = 'font-semibold text-brand-900 sm:col-span-2';

  return (
    <form aria-label={TEXTS.title} onSubmit={submit} noValidate className="mt-4 max-w-2xl space-y-6">
      <fieldset aria-labelledby="settings-shop" className="surface-card space-y-4 p-4">
        <h2 id="settings-shop" className={heading}>
          {TEXTS.shop}
        </h2>
        <TextField
          label={TEXTS.fields.shopName}
          name="shopName"
          defaultValue={settings.shopName}
          error={fieldErrors.shopName}
        />
      </fieldset>
      <fieldset aria-labelledby="settings-contacts" className="surface-card grid gap-4 p-4 sm:grid-cols-2">
        <h2 id="settings-contacts" className={heading}>
          {TEXTS.contacts}
        </h2>
        <div className="sm:col-span-2">
          <TextField
            label={TEXTS.fields.supportEmail}
            name="supportEmail"
            type="email"
            defaultValue={settings.supportEmail}
            error={fieldErrors.supportEmail}
          />
        </div>
        <TextField
          label={TEXTS.fields.supportPhone}
          name="supportPhone"
          type="tel"
          defaultValue={settings.supportPhone}
          hint={TEXTS.hints.supportPhone}
          error={fieldErrors.supportPhone}
        />
        <TextField
          label={TEXTS.fields.whatsappNumber}
          name="whatsappNumber"
          inputMode="numeric"
          defaultValue={settings.whatsappNumber}
          hint={TEXTS.hints.whatsappNumber}
          error={fieldErrors.whatsappNumber}
        />
      </fieldset>
      <fieldset aria-labelledby="settings-officer" className="surface-card grid gap-4 p-4 sm:grid-cols-2">
        <h2 id="settings-officer" className={heading}>
          {TEXTS.grievanceOfficer}
        </h2>
        <p className="text-sm text-stone-600 sm:col-span-2">{TEXTS.grievanceOfficerIntro}</p>
        {OFFICER.map((name) => (
          <TextField
            key={name}
            label={TEXTS.fields[name]}
            name={name}
            type={
              name === 'grievanceOfficerEmail' ? 'email' : name === 'grievanceOfficerPhone' ? 'tel' : 'text'
            }
            defaultValue={settings[name]}
            error={fieldErrors[name]}
          />
        ))}
      </fieldset>
      <fieldset aria-labelledby="settings-delivery" className="surface-card grid gap-4 p-4 sm:grid-cols-2">
        <h2 id="settings-delivery" className={heading}>
          {TEXTS.delivery}
        </h2>
        <TextField
          label={TEXTS.fields.shippingFee}
          name="shippingFee"
          inputMode="decimal"
          defaultValue={String(settings.shippingFee)}
          error={fieldErrors.shippingFee}
        />
        <TextField
          label={TEXTS.fields.freeShippingFrom}
          name="freeShippingFrom"
          inputMode="decimal"
          defaultValue={String(settings.freeShippingFrom)}
          hint={TEXTS.hints.freeShippingFrom}
          error={fieldErrors.freeShippingFrom}
        />
      </fieldset>
      <fieldset aria-labelledby="settings-security" className="surface-card space-y-3 p-4">
        <h2 id="settings-security" className={heading}>
          {TEXTS.security}
        </h2>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={require2fa}
            onChange={(event) => setRequire2fa(event.target.checked)}
            aria-describedby="require2fa-hint"
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <span className="font-medium text-stone-800">{TEXTS.fields.require2fa}</span>
        </label>
        <p id="require2fa-hint" className="mt-1 pl-8 text-sm text-stone-600">
          {TEXTS.hints.require2fa}
        </p>
        {fieldErrors.require2fa && (
          <p className="mt-1 pl-8 text-sm font-medium text-red-700">{fieldErrors.require2fa}</p>
        )}
      </fieldset>
      {(formError || hasFieldErrors) && (
        <FormMessage tone="error">{formError ?? ADMIN_TEXTS.checkFields}</FormMessage>
      )}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={save.isPending}>
        {TEXTS.save}
      </button>
    </form>
  );
}

/** The owner's shop settings: name, contacts, delivery charges and the staff's second factor. */
export default function SettingsPage() {
  const settings = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: async () => (await api.get<{ settings: ShopSettingsView }>(API.admin.settings)).settings,
  });
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <p className="mt-1 text-stone-600">{TEXTS.intro}</p>
      <ListState query={settings} isEmpty={() => false}>
        {(data) => <SettingsForm settings={data} />}
      </ListState>
    </section>
  );
}
