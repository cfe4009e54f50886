import { useState } from 'react';
import { Link } from 'react-router';
import type { Address } from '../../../../common/schemas/address';
import { FormMessage } from '../../../components/ui/form-fields';
import { useDeleteAddressMutation } from '../api/delete-address';
import { useSetDefaultAddressMutation } from '../api/set-default-address';
import { ADDRESS_TEXTS } from '../texts';

/** The shopper's addresses, the default first, each with edit, set default and delete (confirmed). */
export function AddressList({ addresses }: { addresses: Address[] }) {
  const [error, setError] = useState<string | null>(null);
  if (addresses.length === 0) return <p className="text-stone-700">{ADDRESS_TEXTS.empty}</p>;
  return (
    <div className="space-y-4">
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <ul className="grid gap-4 md:grid-cols-2">
        {addresses.map((address) => (
          <li key={address._id}>
            <AddressCard address={address} onError={setError} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function AddressCard({ address, onError }: { address: Address; onError: (message: string | null) => void }) {
  const remove = useDeleteAddressMutation();
  const setDefault = useSetDefaultAddressMutation();
  const [confirming, setConfirming] = useState(false);
  const lines = [address.addressLine1, address.addressLine2, address.addressLine3].filter(Boolean);

  return (
    <article aria-label={address.name} className="surface-card flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-stone-900 break-words">{address.name}</h2>
        {address.isDefault && (
          <span className="shrink-0 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">
            {ADDRESS_TEXTS.defaultBadge}
          </span>
        )}
      </div>
      <address className="mt-2 text-stone-700 not-italic break-words">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <span className="block">
          {address.district}, {address.state} {address.pincode}
        </span>
        <span className="block">{address.country}</span>
        <span className="mt-1 block">{address.phone}</span>
      </address>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {confirming ? (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-2 w-full font-medium text-stone-900">{ADDRESS_TEXTS.confirmDelete}</legend>
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
              disabled={remove.isPending}
              onClick={() => {
                onError(null);
                remove.mutate(address._id, {
                  onError: () => {
                    setConfirming(false);
                    onError(ADDRESS_TEXTS.deleteFailed);
                  },
                });
              }}
            >
              {ADDRESS_TEXTS.confirmDeleteYes}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              {ADDRESS_TEXTS.cancel}
            </button>
          </fieldset>
        ) : (
          <>
            <Link
              to={`/address?edit=${encodeURIComponent(address._id)}`}
              className="btn-secondary"
              aria-label={`${ADDRESS_TEXTS.edit} ${address.name}`}
            >
              {ADDRESS_TEXTS.edit}
            </Link>
            {!address.isDefault && (
              <button
                type="button"
                className="btn-secondary"
                disabled={setDefault.isPending}
                aria-label={`${ADDRESS_TEXTS.setDefault}: ${address.name}`}
                onClick={() => {
                  onError(null);
                  setDefault.mutate(address._id, { onError: () => onError(ADDRESS_TEXTS.setDefaultFailed) });
                }}
              >
                {ADDRESS_TEXTS.setDefault}
              </button>
            )}
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-full border border-red-300 px-5 font-semibold text-red-800 hover:bg-red-50"
              aria-label={`${ADDRESS_TEXTS.delete} ${address.name}`}
              onClick={() => setConfirming(true)}
            >
              {ADDRESS_TEXTS.delete}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
