import { useProfile } from '../../features/auth/api/get-profile';
import { ChangePasswordForm } from '../../features/auth/components/profile/change-password-form';
import { CloseAccount } from '../../features/auth/components/profile/close-account';
import { PhoneVerification } from '../../features/auth/components/profile/phone-verification';
import { ProfileDetails } from '../../features/auth/components/profile/profile-details';
import { ProfileSection } from '../../features/auth/components/profile/profile-section';
import { AuthLoading } from '../../features/auth/components/require-auth';
import { PROFILE_TEXTS } from '../../features/auth/texts';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/components/product-grid';
import { likeAction } from '../../features/likes/components/like-button';
import { LikedProducts } from '../../features/likes/components/liked-products';
import { usePageMeta } from '../../lib/use-page-meta';

/** /profile (guarded): details, phone verification, password, liked products, closing the account. */
export default function ProfilePage() {
  usePageMeta(PROFILE_TEXTS.pageTitle, PROFILE_TEXTS.pageDescription);
  const profile = useProfile();

  if (profile.isPending) return <AuthLoading />;
  if (profile.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-lg text-stone-800">{PROFILE_TEXTS.loadError}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => void profile.refetch()}>
          {PROFILE_TEXTS.retry}
        </button>
      </div>
    );
  }
  const user = profile.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8 lg:px-6">
      <header className="mb-6">
        <h1 className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
          {PROFILE_TEXTS.pageTitle}
        </h1>
        <p className="mt-1 text-stone-700">{PROFILE_TEXTS.greeting(user.name)}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        {/* A key per account: another account's details start a fresh form. */}
        <ProfileDetails key={user._id} user={user} />
        <div className="grid gap-6">
          <PhoneVerification user={user} />
          <ChangePasswordForm />
        </div>
      </div>
      <div className="mt-6">
        <ProfileSection title={PROFILE_TEXTS.likesTitle}>
          <LikedProducts
            loading={<ProductGridSkeleton count={4} />}
            renderProducts={(products) => <ProductGrid products={products} action={likeAction} />}
          />
        </ProfileSection>
      </div>
      <div className="mt-6">
        <CloseAccount />
      </div>
    </div>
  );
}
