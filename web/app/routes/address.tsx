import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAddresses } from '../../features/address/api/list-addresses';
import { AddressForm } from '../../features/address/components/address-form';
import { AddressList } from '../../features/address/components/address-list';
import { ADDRESS_TEXTS } from '../../features/address/texts';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /address (guarded, SPEC.md §2): the shopper's addresses; `?new` shows the add form and `?edit={id}`
 * the edit form, so a successful save goes back to /address and the browser's Back works.
 */
export default function AddressPage() {
  usePageMeta(ADDRESS_TEXTS.pageTitle, ADDRESS_TEXTS.pageDescription);
  const [params] = useSearchParams();
  const addresses = useAddresses();
  const editId = params.get('edit');
  const adding = params.has('new');

  let body: ReactNode;
  let heading: string = ADDRESS_TEXTS.pageTitle;
  if (adding) {
    heading = ADDRESS_TEXTS.addTitle;
    body = <AddressForm />;
  } else if (addresses.isPending) {
    body = <p role="status">{ADDRESS_TEXTS.loading}</p>;
  } else if (addresses.isError) {
    body = (
      <div role="alert">
        <p className="text-stone-800">{ADDRESS_TEXTS.loadError}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => void addresses.refetch()}>
          {ADDRESS_TEXTS.retry}
        </button>
      </div>
    );
  } else if (editId) {
    const address = addresses.data.find((candidate) => candidate._id === editId);
    heading = ADDRESS_TEXTS.editTitle;
    body = address ? (
      // A key per address: editing another address starts a fresh form.
      <AddressForm key={address._id} address={address} />
    ) : (
      <p role="alert" className="text-stone-800">
        {ADDRESS_TEXTS.notFound}{' '}
        <Link to="/address" className="text-link">
          {ADDRESS_TEXTS.pageTitle}
        </Link>
      </p>
    );
  } else {
    body = <AddressList addresses={addresses.data} />;
  }
  const showingList = !adding && !editId;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8 lg:px-6">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{heading}</h1>
        {showingList && (
          <Link to="/address?new" className="btn-primary">
            {ADDRESS_TEXTS.add}
          </Link>
        )}
      </header>
      <div className={showingList ? '' : 'surface-card max-w-2xl p-5 sm:p-6'}>{body}</div>
    </div>
  );
}
