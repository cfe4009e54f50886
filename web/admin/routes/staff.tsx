import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { API } from '../../../common/api-paths';
import type {
  InviteStaffBody,
  StaffList,
  StaffMember,
  UpdateStaffBody,
} from '../../../common/schemas/admin-staff';
import { STAFF_ROLES, type StaffRole } from '../../../common/staff';
import { FormMessage, SelectField, TextField } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { formErrorsFrom } from '../../features/auth/lib/errors';
import { api } from '../../lib/api-client';
import { type Confirmation, ConfirmDialog } from '../components/confirm-dialog';
import { ListState } from '../components/list-state';
import { formatDateTime } from '../lib/format';
import { useVisitor } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

export const TEXTS = {
  title: 'Staff',
  intro: 'Who helps run the shop, and what each may do. An invitation link works once, for 72 hours.',
  columns: { name: 'Name', email: 'Email', role: 'Role', status: 'Status', actions: 'Actions' },
  roles: { owner: 'Owner', manager: 'Manager', support: 'Support' } satisfies Record<StaffRole, string>,
  status: {
    active: 'Active',
    deactivated: 'Deactivated',
    invited: (expires: string) => `Invited, link valid until ${expires}`,
  },
  you: '(you)',
  roleOf: (name: string) => `Role of ${name}`,
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  invite: {
    title: 'Invite a colleague',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    submit: 'Send the invitation',
    sent: (email: string) => `Invitation sent to ${email}.`,
  },
  confirmDeactivate: {
    title: (name: string) => `Deactivate ${name}?`,
    body: 'Their sessions end at once and they can no longer sign in. You can reactivate them later.',
  },
  confirmRole: {
    title: (name: string, role: string) => `Change ${name}’s role to ${role}?`,
    body: 'Their sessions end at once; they sign in again and find what the new role may do.',
    action: 'Change role',
  },
  deactivated: (name: string) => `${name} is deactivated and signed out.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  roleChanged: (name: string, role: string) => `${name}’s role is now ${role}.`,
} as const;

const STAFF_KEY = ['admin', 'staff'] as const;
const INVITE_FIELDS = ['name', 'email', 'role'] as const;

function InviteForm() {
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  const invite = useMutation({
    mutationFn: (body: InviteStaffBody) => api.post(API.admin.staff, body),
    onSuccess: (_answer, body) => {
      toast.success(TEXTS.invite.sent(body.email));
      setFormKey((key) => key + 1);
      queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const { fieldErrors, formError } = invite.error
    ? formErrorsFrom(invite.error, INVITE_FIELDS, ADMIN_TEXTS.formFallback)
    : { fieldErrors: {}, formError: null };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    invite.mutate({
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      role: String(form.get('role')) as StaffRole,
    });
  };

  return (
    <form
      key={formKey}
      aria-labelledby="invite-title"
      onSubmit={submit}
      noValidate
      className="surface-card mt-6 grid gap-4 p-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
    >
      <h2 id="invite-title" className="font-semibold text-brand-900 sm:col-span-4">
        {TEXTS.invite.title}
      </h2>
      <TextField label={TEXTS.invite.name} name="name" autoComplete="off" error={fieldErrors.name} required />
      <TextField
        label={TEXTS.invite.email}
        name="email"
        type="email"
        autoComplete="off"
        error={fieldErrors.email}
        required
      />
      <SelectField label={TEXTS.invite.role} name="role" defaultValue="support" error={fieldErrors.role}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {TEXTS.roles[role]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn-primary sm:mt-6" disabled={invite.isPending}>
        {TEXTS.invite.submit}
      </button>
      {formError && (
        <div className="sm:col-span-4">
          <FormMessage tone="error">{formError}</FormMessage>
        </div>
      )}
    </form>
  );
}

function StatusText({ member }: { member: StaffMember }) {
  if (member.status === 'invited' && member.inviteExpiresAt) {
    return <>{TEXTS.status.invited(formatDateTime(member.inviteExpiresAt))}</>;
  }
  if (member.status === 'deactivated')
    return <span className="text-red-800">{TEXTS.status.deactivated}</span>;
  return <>{TEXTS.status.active}</>;
}

/** The owner's staff screen: who is on the staff or invited, invitations, roles and access. */
export default function StaffPage() {
  const queryClient = useQueryClient();
  const visitor = useVisitor();
  const myId = visitor.data?.kind === 'staff' ? visitor.data.user._id : null;
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => api.get<StaffList>(API.admin.staff) });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const update = useMutation({
    mutationFn: ({ member, changes }: { member: StaffMember; changes: UpdateStaffBody }) =>
      api.patch(API.admin.staffMember(member._id), changes),
    onSuccess: (_answer, { member, changes }) => {
      if (changes.role) toast.success(TEXTS.roleChanged(member.name, TEXTS.roles[changes.role]));
      else toast.success(changes.active ? TEXTS.reactivated(member.name) : TEXTS.deactivated(member.name));
      queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  // The server's refusal (the last owner, above all) stays on the screen as it said it, until the next change.
  const updateError = update.error
    ? formErrorsFrom(update.error, [], ADMIN_TEXTS.formFallback).formError
    : null;
  const change = (member: StaffMember, changes: UpdateStaffBody) => update.mutate({ member, changes });
  const errorRef = useRef<HTMLDivElement>(null);
  // The refusal shows above the list, out of sight of a row far down on a phone: bring it to the eye.
  useEffect(() => {
    if (update.error) errorRef.current?.scrollIntoView({ block: 'center' });
  }, [update.error]);

  const askRole = (member: StaffMember, role: StaffRole) =>
    setConfirmation({
      title: TEXTS.confirmRole.title(member.name, TEXTS.roles[role]),
      body: TEXTS.confirmRole.body,
      action: TEXTS.confirmRole.action,
      run: () => change(member, { role }),
    });
  const askDeactivate = (member: StaffMember) =>
    setConfirmation({
      title: TEXTS.confirmDeactivate.title(member.name),
      body: TEXTS.confirmDeactivate.body,
      action: TEXTS.deactivate,
      run: () => change(member, { active: false }),
    });
  const { columns } = TEXTS;

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <p className="mt-1 text-stone-600">{TEXTS.intro}</p>
      <InviteForm />
      {updateError && (
        <div className="mt-4" ref={errorRef}>
          <FormMessage tone="error">{updateError}</FormMessage>
        </div>
      )}
      <ListState query={staff} isEmpty={(data) => data.staff.length === 0}>
        {(data) => (
          <table className="admin-table mt-4">
            <thead>
              <tr>
                <th scope="col">{columns.name}</th>
                <th scope="col">{columns.email}</th>
                <th scope="col">{columns.role}</th>
                <th scope="col">{columns.status}</th>
                <th scope="col">{columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.staff.map((member) => {
                const isAccount = member.status !== 'invited';
                return (
                  <tr key={member._id}>
                    <td data-label={columns.name} className="font-medium">
                      <span>
                        {member.name}{' '}
                        {member._id === myId && <span className="text-stone-500">{TEXTS.you}</span>}
                      </span>
                    </td>
                    <td data-label={columns.email} className="break-all">
                      {member.email}
                    </td>
                    <td data-label={columns.role}>
                      {isAccount ? (
                        <select
                          aria-label={TEXTS.roleOf(member.name)}
                          value={member.role}
                          disabled={update.isPending}
                          onChange={(event) => askRole(member, event.target.value as StaffRole)}
                          className="min-h-11 rounded-lg border border-stone-300 bg-white px-2"
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {TEXTS.roles[role]}
                            </option>
                          ))}
                        </select>
                      ) : (
                        TEXTS.roles[member.role]
                      )}
                    </td>
                    <td data-label={columns.status}>
                      <StatusText member={member} />
                    </td>
                    {/* An invitation has no action: its card on a phone shows no empty line for it. */}
                    <td data-label={columns.actions} className="max-sm:empty:hidden">
                      {member.status === 'active' && (
                        <button
                          type="button"
                          className="btn-secondary"
                          disabled={update.isPending}
                          aria-label={`${TEXTS.deactivate} ${member.name}`}
                          onClick={() => askDeactivate(member)}
                        >
                          {TEXTS.deactivate}
                        </button>
                      )}
                      {member.status === 'deactivated' && (
                        <button
                          type="button"
                          className="btn-secondary"
                          disabled={update.isPending}
                          aria-label={`${TEXTS.reactivate} ${member.name}`}
                          onClick={() => change(member, { active: true })}
                        >
                          {TEXTS.reactivate}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </ListState>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
