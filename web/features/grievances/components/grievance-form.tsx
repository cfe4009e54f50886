import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  type FileGrievanceBody,
  fileGrievanceSchema,
  GRIEVANCE_LIMITS,
  GRIEVANCE_STATUS_PAGE,
  type GrievanceFiled,
} from '../../../../common/schemas/grievances';
import { FormMessage, TextAreaField, TextField } from '../../../components/ui/form-fields';
import { HttpError } from '../../../lib/api-client';
import { useFileGrievance } from '../api/file-grievance';
import { GRIEVANCE_TEXTS } from '../texts';

const FIELDS = ['name', 'email', 'phone', 'orderNumber', 'subject', 'description'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;
const isField = (path: unknown): path is Field => FIELDS.includes(path as Field);

/** The first message the shared schema gives for each field; the server checks the same rules again. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { path, message } of issues) {
    const [field] = path;
    if (isField(field)) errors[field] ??= message;
  }
  return errors;
}

interface GrievanceFormProps {
  /** The captcha token for this form when the shop has a captcha; the route wires it up. */
  captchaToken: () => Promise<string | undefined>;
}

/** The contact page's grievance form: files a ticket and shows its number. */
export function GrievanceForm({ captchaToken }: GrievanceFormProps) {
  const file = useFileGrievance();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [filed, setFiled] = useState<GrievanceFiled | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: Field) => String(form.get(name) ?? '').trim();
    const optional = (name: Field) => text(name) || undefined;
    const checked = fileGrievanceSchema.safeParse({
      name: text('name'),
      email: text('email'),
      phone: optional('phone'),
      orderNumber: optional('orderNumber'),
      subject: text('subject'),
      description: text('description'),
    });
    setFormError(null);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      const token = await captchaToken();
      const body: FileGrievanceBody = token ? { ...checked.data, token } : checked.data;
      setFiled(await file.mutateAsync(body));
    } catch (error) {
      const serverErrors =
        error instanceof HttpError && error.status === 422
          ? fieldErrorsOf(
              ((error.data as { errors?: { path: string; msg: string }[] })?.errors ?? []).map((item) => ({
                path: [item.path],
                message: item.msg,
              })),
            )
          : {};
      setErrors(serverErrors);
      if (Object.keys(serverErrors).length > 0) setFormError(GRIEVANCE_TEXTS.checkFields);
      else if (error instanceof HttpError)
        setFormError(HttpError.messageOf(error.data) ?? GRIEVANCE_TEXTS.unexpected);
      else setFormError(GRIEVANCE_TEXTS.noResponse);
    }
  }

  return (
    <section id="grievance" aria-labelledby="grievance-title" className="surface-card p-6">
      <h2 id="grievance-title" className="font-display text-xl font-semibold text-stone-900">
        {GRIEVANCE_TEXTS.formTitle}
      </h2>
      <p className="mt-2 text-stone-700">{GRIEVANCE_TEXTS.formIntro}</p>
      <p className="mt-1 text-sm text-stone-600">{GRIEVANCE_TEXTS.promise}</p>
      {filed ? (
        <div className="mt-4 space-y-3">
          <FormMessage tone="success">
            {GRIEVANCE_TEXTS.filed} <strong data-testid="ticket-number">{filed.ticketNumber}</strong>.{' '}
            {GRIEVANCE_TEXTS.filedMail}
          </FormMessage>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to={`${GRIEVANCE_STATUS_PAGE}?ticket=${encodeURIComponent(filed.ticketNumber)}`}
              className="btn-secondary"
            >
              {GRIEVANCE_TEXTS.trackLink}
            </Link>
            <button type="button" className="btn-secondary" onClick={() => setFiled(null)}>
              {GRIEVANCE_TEXTS.fileAnother}
            </button>
          </div>
        </div>
      ) : (
        <form
          aria-labelledby="grievance-title"
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <TextField
            label={GRIEVANCE_TEXTS.fields.name}
            name="name"
            autoComplete="name"
            error={errors.name}
          />
          <TextField
            label={GRIEVANCE_TEXTS.fields.email}
            name="email"
            type="email"
            autoComplete="email"
            error={errors.email}
          />
          <TextField
            label={GRIEVANCE_TEXTS.fields.phone}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            hint={GRIEVANCE_TEXTS.hints.phone}
            error={errors.phone}
          />
          <TextField
            label={GRIEVANCE_TEXTS.fields.orderNumber}
            name="orderNumber"
            hint={GRIEVANCE_TEXTS.hints.orderNumber}
            error={errors.orderNumber}
          />
          <div className="sm:col-span-2">
            <TextField
              label={GRIEVANCE_TEXTS.fields.subject}
              name="subject"
              maxLength={GRIEVANCE_LIMITS.subject}
              error={errors.subject}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label={GRIEVANCE_TEXTS.fields.description}
              name="description"
              maxLength={GRIEVANCE_LIMITS.description}
              error={errors.description}
            />
          </div>
          {formError && (
            <div className="sm:col-span-2">
              <FormMessage tone="error">{formError}</FormMessage>
            </div>
          )}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={file.isPending}>
              {file.isPending ? GRIEVANCE_TEXTS.submitting : GRIEVANCE_TEXTS.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
