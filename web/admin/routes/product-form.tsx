import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import { productImageUrl } from '../../../common/images';
import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProduct,
  type AdminProductImage,
  createProductSchema,
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  updateProductSchema,
} from '../../../common/schemas/admin-products';
import { FormMessage, SelectField, TextField } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { api, HttpError } from '../../lib/api-client';
import { type Confirmation, ConfirmDialog } from '../components/confirm-dialog';
import { ListState } from '../components/list-state';
import { namesUnder, useCategories } from '../lib/categories';
import { useCan } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';
import { TEXTS as LIST_TEXTS } from './products';

export const TEXTS = {
  newTitle: 'Add a product',
  back: 'All products',
  details: 'Details',
  placement: 'Where it sits in the shop',
  pricing: 'Price and tax',
  variants: 'Variants',
  images: 'Photos',
  fields: {
    name: 'Name',
    description: 'Description',
    brand: 'Brand',
    gender: 'Section',
    category: 'Category',
    subCategory: 'Sub-category',
    type: 'Type',
    price: 'Price (₹)',
    mrp: 'MRP (₹)',
    hsn: 'HSN code',
    isRefundable: 'Refundable: customers may return it',
    status: 'Status',
  },
  hints: {
    hsn: '4 or 6 digits; leave empty until you know it.',
    placement: 'Pick a name from the category tree or type a new one.',
  },
  variant: { sku: 'SKU', color: 'Colour', size: 'Size', countInStock: 'In stock' },
  variantLabel: (field: string, row: number) => `${field}, variant ${row}`,
  addVariant: 'Add a variant',
  removeVariant: (row: number) => `Remove variant ${row}`,
  create: 'Create product',
  save: 'Save changes',
  created: 'Product created. Add its photos below.',
  saved: 'Product saved.',
  stale: ADMIN_PRODUCT_MESSAGES.staleVersion,
  reload: 'Reload, keeping what I typed',
  reloaded: 'Reloaded. Your changes are back on top of theirs: check them and save again.',
  viewInShop: 'View in shop',
  notInShop: 'Not in the shop while it is a draft or archived.',
  photos: {
    drop: 'Drop photos here or choose them',
    choose: 'Choose photos',
    hint: 'JPEG, PNG or WebP, up to 15 MB each. Drag photos to reorder them, or use the arrows.',
    saveFirst: 'Create the product first; then add its photos here.',
    uploading: (n: number) => `Uploading ${n} photo${n === 1 ? '' : 's'}…`,
    alt: 'Alt text',
    color: 'Colour',
    anyColor: 'Any colour',
    up: (n: number) => `Move photo ${n} up`,
    down: (n: number) => `Move photo ${n} down`,
    remove: (n: number) => `Delete photo ${n}`,
    photo: (n: number) => `Photo ${n}`,
    orderHint: 'New order, alt texts and colours are kept when you save the product.',
    confirm: (n: number) => ({
      title: `Delete photo ${n}?`,
      body: 'It leaves the product and the shop at once; orders that show it keep their copy.',
      action: 'Delete photo',
    }),
    deleted: 'Photo deleted.',
  },
  statuses: LIST_TEXTS.statuses,
} as const;

type Status = (typeof PRODUCT_STATUSES)[number];

interface VariantDraft {
  /** Only for React's list: rows have no id until saved, and a SKU may be typed over. */
  key: string;
  sku: string;
  color: string;
  size: string;
  countInStock: string;
}

/** The form as typed: numbers stay text until saved, so a half-typed price is never lost. */
interface Draft {
  name: string;
  description: string;
  brand: string;
  gender: string;
  category: string;
  subCategory: string;
  type: string;
  price: string;
  mrp: string;
  hsn: string;
  isRefundable: boolean;
  status: Status;
  variants: VariantDraft[];
  images: AdminProductImage[];
}

type DraftField = keyof Draft;

let rowKeys = 0;
const newKey = () => `row-${++rowKeys}`;

const emptyVariant = (): VariantDraft => ({ key: newKey(), sku: '', color: '', size: '', countInStock: '0' });

const EMPTY: Draft = {
  name: '',
  description: '',
  brand: '',
  gender: 'Men',
  category: '',
  subCategory: '',
  type: '',
  price: '',
  mrp: '',
  hsn: '',
  isRefundable: true,
  status: 'draft',
  variants: [],
  images: [],
};

function draftOf(product: AdminProduct): Draft {
  return {
    name: product.name,
    description: product.description,
    brand: product.brand,
    gender: product.gender,
    category: product.category,
    subCategory: product.subCategory,
    type: product.type,
    price: String(product.price),
    mrp: String(product.mrp),
    hsn: product.hsn ?? '',
    isRefundable: product.isRefundable,
    status: product.status,
    variants: product.variants.map((variant) => ({
      ...variant,
      key: newKey(),
      countInStock: String(variant.countInStock),
    })),
    images: product.images,
  };
}

/** A typed number as a number; anything else as typed, so the schema names what is wrong with it. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The API's form of a draft field: rupees and units as numbers, no HSN as null, rows without their keys. */
function payloadOf(draft: Draft, field: DraftField): unknown {
  switch (field) {
    case 'price':
    case 'mrp':
      return numberOf(draft[field]);
    case 'hsn':
      return draft.hsn.trim() === '' ? null : draft.hsn;
    case 'variants':
      return draft.variants.map(({ key: _key, countInStock, ...variant }) => ({
        ...variant,
        countInStock: numberOf(countInStock),
      }));
    case 'images':
      return draft.images.map(({ _id, alt, color }) => ({ _id, alt, color }));
    default:
      return draft[field];
  }
}

const FIELDS = Object.keys(EMPTY) as DraftField[];

/** Fields whose typed value differs from the product the form started from. */
function changedFields(draft: Draft, base: Draft): DraftField[] {
  return FIELDS.filter(
    (field) => JSON.stringify(payloadOf(draft, field)) !== JSON.stringify(payloadOf(base, field)),
  );
}

/** Field errors keyed by their path ("price", "variants.1.sku"). */
type Errors = Record<string, string>;

function issuesOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** The server's `errors[{path, msg}]` (a 422, or a 409 for a SKU another product holds), by path. */
function serverErrorsOf(error: unknown): Errors {
  if (!(error instanceof HttpError)) return {};
  const list = (error.data as { errors?: { path?: unknown; msg?: unknown }[] } | null)?.errors ?? [];
  const errors: Errors = {};
  for (const { path, msg } of list) {
    if (typeof path === 'string' && typeof msg === 'string') errors[path] ??= msg;
  }
  return errors;
}

/** Someone saved the product since this form loaded it (the server compares `version`). */
const isStale = (error: unknown) =>
  error instanceof HttpError && (error.data as { code?: unknown } | null)?.code === 'STALE_VERSION';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <fieldset aria-labelledby={id} className="surface-card grid min-w-0 gap-4 p-4 sm:grid-cols-2">
      <h2 id={id} className="font-semibold text-brand-900 sm:col-span-2">
        {title}
      </h2>
      {children}
    </fieldset>
  );
}

/** A text box that offers the names the tree holds at that level, and takes a new one too. */
function NameField({
  label,
  value,
  options,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const listId = useId();
  return (
    <>
      <TextField
        label={label}
        value={value}
        list={listId}
        autoComplete="off"
        maxLength={PRODUCT_LIMITS.labelMax}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={hint}
      />
      <datalist id={listId}>
        {options.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * The product's photos: upload by dropping or choosing files (each stored at once, at the end), reorder
 * by dragging or with the arrow buttons, alt text and colour per photo (kept on Save), delete after a
 * confirmation.
 */
function Photos({
  productId,
  images,
  colors,
  canWrite,
  onImages,
  onUploaded,
}: {
  productId: string | undefined;
  images: AdminProductImage[];
  colors: readonly string[];
  canWrite: boolean;
  onImages: (images: AdminProductImage[]) => void;
  onUploaded: (product: AdminProduct) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let last: AdminProduct | undefined;
      for (const file of files) {
        const form = new FormData();
        form.set('image', file);
        ({ product: last } = await api.post<{ product: AdminProduct }>(
          API.admin.productImages(productId as string),
          form,
        ));
      }
      return last;
    },
    onSuccess: (product) => product && onUploaded(product),
    onError: (error) => toast.error(error instanceof HttpError ? error.message : String(error)),
  });
  const remove = useMutation({
    mutationFn: (imageId: string) =>
      api.delete<{ product: AdminProduct }>(API.admin.productImage(productId as string, imageId)),
    onSuccess: ({ product }) => {
      toast.success(TEXTS.photos.deleted);
      onUploaded(product);
    },
    onError: (error) => toast.error(error instanceof HttpError ? error.message : String(error)),
  });

  if (!productId) return <p className="text-sm text-stone-600 sm:col-span-2">{TEXTS.photos.saveFirst}</p>;

  const addFiles = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.length > 0) upload.mutate(list);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };
  const update = (index: number, change: Partial<AdminProductImage>) =>
    onImages(images.map((image, i) => (i === index ? { ...image, ...change } : image)));

  return (
    <div className="space-y-3 sm:col-span-2">
      {canWrite && (
        <section
          aria-label={TEXTS.photos.drop}
          onDragOver={(event) => event.preventDefault()}
          onDrop={onDrop}
          className="rounded-lg border-2 border-dashed border-stone-300 p-4 text-center"
        >
          <p className="text-sm text-stone-700">{TEXTS.photos.drop}</p>
          <input
            ref={inputRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            aria-label={TEXTS.photos.choose}
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <button
            type="button"
            className="btn-secondary mt-2"
            disabled={upload.isPending}
            onClick={() => inputRef.current?.click()}
          >
            {TEXTS.photos.choose}
          </button>
          <p className="mt-2 text-xs text-stone-600">{TEXTS.photos.hint}</p>
          {upload.isPending && (
            <p role="status" className="mt-2 text-sm font-medium">
              {TEXTS.photos.uploading(upload.variables?.length ?? 1)}
            </p>
          )}
        </section>
      )}
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {images.map((image, index) => (
          <li
            key={image._id}
            aria-label={TEXTS.photos.photo(index + 1)}
            draggable={canWrite}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              event.stopPropagation();
              onImages(moved(images, dragged, index));
              setDragged(null);
            }}
            className={`rounded-lg border border-stone-200 bg-white p-2 ${dragged === index ? 'opacity-50' : ''}`}
          >
            <div className="flex gap-2">
              <img
                src={productImageUrl(image.url, 'sm')}
                alt={image.alt}
                width={80}
                height={100}
                className="h-25 w-20 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1 space-y-2">
                <label className="block text-xs">
                  <span className="text-stone-700">{TEXTS.photos.alt}</span>
                  <input
                    value={image.alt}
                    maxLength={PRODUCT_LIMITS.altMax}
                    onChange={(event) => update(index, { alt: event.target.value })}
                    className="block min-h-11 w-full rounded-lg border border-stone-300 px-2 text-sm"
                  />
                </label>
                <label className="block text-xs">
                  <span className="text-stone-700">{TEXTS.photos.color}</span>
                  <select
                    value={image.color}
                    onChange={(event) => update(index, { color: event.target.value })}
                    className="block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
                  >
                    <option value="">{TEXTS.photos.anyColor}</option>
                    {[...new Set([...colors, image.color].filter(Boolean))].map((color) => (
                      <option key={color} value={color}>
                        {color}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </div>
            {canWrite && (
              <div className="mt-2 flex justify-end gap-1">
                <button
                  type="button"
                  className="btn-secondary px-3"
                  aria-label={TEXTS.photos.up(index + 1)}
                  disabled={index === 0}
                  onClick={() => onImages(moved(images, index, index - 1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3"
                  aria-label={TEXTS.photos.down(index + 1)}
                  disabled={index === images.length - 1}
                  onClick={() => onImages(moved(images, index, index + 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 text-red-700"
                  aria-label={TEXTS.photos.remove(index + 1)}
                  disabled={remove.isPending}
                  onClick={() =>
                    setConfirmation({
                      ...TEXTS.photos.confirm(index + 1),
                      run: () => remove.mutate(image._id),
                    })
                  }
                >
                  ✕
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {canWrite && images.length > 1 && <p className="text-xs text-stone-600">{TEXTS.photos.orderHint}</p>}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </div>
  );
}

function ProductForm({ product }: { product: AdminProduct | undefined }) {
  const canWrite = useCan('catalog:write');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const tree = categories.data?.tree;
  const [base, setBase] = useState<Draft>(() =>
    product ? draftOf(product) : { ...EMPTY, variants: [emptyVariant()] },
  );
  const [draft, setDraft] = useState<Draft>(base);
  const [version, setVersion] = useState(product?.version ?? 0);
  const [checkErrors, setCheckErrors] = useState<Errors>({});
  const id = product?._id;

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      id
        ? api.patch<{ product: AdminProduct }>(API.admin.product(id), body)
        : api.post<{ product: AdminProduct }>(API.admin.products, body),
    onSuccess: ({ product: saved }) => {
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      if (!id) {
        toast.success(TEXTS.created);
        navigate(`/products/${saved._id}`, { replace: true });
        return;
      }
      toast.success(TEXTS.saved);
      queryClient.setQueryData(['admin', 'product', id], saved);
      const fresh = draftOf(saved);
      setBase(fresh);
      setDraft(fresh);
      setVersion(saved.version);
    },
  });

  const reload = useMutation({
    mutationFn: () => api.get<{ product: AdminProduct }>(API.admin.product(id as string)),
    onSuccess: ({ product: latest }) => {
      const fresh = draftOf(latest);
      const mine = Object.fromEntries(changedFields(draft, base).map((field) => [field, draft[field]]));
      setBase(fresh);
      setDraft({ ...fresh, ...mine });
      setVersion(latest.version);
      save.reset();
      toast.info(TEXTS.reloaded);
    },
  });

  /** A photo was added or deleted: the product moved on a version; the rest of what was typed stays. */
  const onPhotos = (saved: AdminProduct) => {
    const fresh = draftOf(saved);
    setBase((current) => ({ ...current, images: fresh.images }));
    setDraft((current) => ({ ...current, images: fresh.images }));
    setVersion(saved.version);
  };

  const set = <K extends DraftField>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const setVariant = (index: number, change: Partial<VariantDraft>) =>
    set(
      'variants',
      draft.variants.map((variant, i) => (i === index ? { ...variant, ...change } : variant)),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = id ? changedFields(draft, base) : FIELDS.filter((field) => field !== 'images');
    const body: Record<string, unknown> = Object.fromEntries(
      fields.map((field) => [field, payloadOf(draft, field)]),
    );
    if (id) body.version = version;
    const checked = (id ? updateProductSchema : createProductSchema).safeParse(body);
    setCheckErrors(checked.success ? {} : issuesOf(checked.error.issues));
    if (checked.success) save.mutate(body);
  };

  const errors = { ...serverErrorsOf(save.error), ...checkErrors };
  const stale = isStale(save.error);
  const formError =
    save.error && !stale && Object.keys(errors).length === 0
      ? save.error instanceof HttpError
        ? (save.error.message ?? ADMIN_TEXTS.formFallback.unexpected)
        : ADMIN_TEXTS.formFallback.noResponse
      : null;
  const colors = [...new Set(draft.variants.map((variant) => variant.color.trim()).filter(Boolean))];
  const path = [draft.gender];

  return (
    <form
      aria-label={product?.name ?? TEXTS.newTitle}
      onSubmit={submit}
      noValidate
      className="mt-4 max-w-4xl space-y-6"
    >
      {id &&
        (product?.status === 'active' ? (
          <a href={`/product/${id}`} target="_blank" rel="noreferrer" className="text-link inline-block">
            {TEXTS.viewInShop}
          </a>
        ) : (
          <p className="text-sm text-stone-600">{TEXTS.notInShop}</p>
        ))}
      <fieldset disabled={!canWrite} className="min-w-0 space-y-6">
        <Section id="product-details" title={TEXTS.details}>
          <div className="sm:col-span-2">
            <TextField
              label={TEXTS.fields.name}
              value={draft.name}
              maxLength={PRODUCT_LIMITS.nameMax}
              onChange={(event) => set('name', event.target.value)}
              error={errors.name}
            />
          </div>
          <label className="block sm:col-span-2">
            <span className="mb-1 block text-sm font-medium text-stone-800">{TEXTS.fields.description}</span>
            <textarea
              value={draft.description}
              rows={4}
              maxLength={PRODUCT_LIMITS.descriptionMax}
              onChange={(event) => set('description', event.target.value)}
              className="block w-full rounded-lg border border-stone-300 px-3 py-2"
            />
            {errors.description && <span className="text-sm text-red-700">{errors.description}</span>}
          </label>
          <SelectField
            label={TEXTS.fields.status}
            value={draft.status}
            onChange={(event) => set('status', event.target.value as Status)}
          >
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TEXTS.statuses[status]}
              </option>
            ))}
          </SelectField>
          <label className="flex items-center gap-3 self-end py-2">
            <input
              type="checkbox"
              checked={draft.isRefundable}
              onChange={(event) => set('isRefundable', event.target.checked)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span className="text-sm font-medium text-stone-800">{TEXTS.fields.isRefundable}</span>
          </label>
        </Section>

        <Section id="product-placement" title={TEXTS.placement}>
          <SelectField
            label={TEXTS.fields.gender}
            value={draft.gender}
            onChange={(event) => set('gender', event.target.value)}
            error={errors.gender}
          >
            {TOP_LEVEL_CATEGORIES.map((gender) => (
              <option key={gender} value={gender}>
                {gender}
              </option>
            ))}
          </SelectField>
          <NameField
            label={TEXTS.fields.brand}
            value={draft.brand}
            options={categories.data?.brands.map((brand) => brand.name) ?? []}
            onChange={(value) => set('brand', value)}
            error={errors.brand}
          />
          <NameField
            label={TEXTS.fields.category}
            value={draft.category}
            options={namesUnder(tree, path)}
            onChange={(value) => set('category', value)}
            error={errors.category}
            hint={TEXTS.hints.placement}
          />
          <NameField
            label={TEXTS.fields.subCategory}
            value={draft.subCategory}
            options={namesUnder(tree, [...path, draft.category])}
            onChange={(value) => set('subCategory', value)}
            error={errors.subCategory}
          />
          <NameField
            label={TEXTS.fields.type}
            value={draft.type}
            options={namesUnder(tree, [...path, draft.category, draft.subCategory])}
            onChange={(value) => set('type', value)}
            error={errors.type}
          />
        </Section>

        <Section id="product-pricing" title={TEXTS.pricing}>
          <TextField
            label={TEXTS.fields.price}
            inputMode="decimal"
            value={draft.price}
            onChange={(event) => set('price', event.target.value)}
            error={errors.price}
          />
          <TextField
            label={TEXTS.fields.mrp}
            inputMode="decimal"
            value={draft.mrp}
            onChange={(event) => set('mrp', event.target.value)}
            error={errors.mrp}
          />
          <TextField
            label={TEXTS.fields.hsn}
            inputMode="numeric"
            value={draft.hsn}
            maxLength={6}
            onChange={(event) => set('hsn', event.target.value)}
            error={errors.hsn}
            hint={TEXTS.hints.hsn}
          />
        </Section>

        <fieldset aria-labelledby="product-variants" className="surface-card min-w-0 space-y-3 p-4">
          <h2 id="product-variants" className="font-semibold text-brand-900">
            {TEXTS.variants}
          </h2>
          {errors.variants && <p className="text-sm text-red-700">{errors.variants}</p>}
          <ol className="space-y-3">
            {draft.variants.map((variant, index) => {
              const row = index + 1;
              const cell = (
                field: keyof typeof TEXTS.variant,
                props: { inputMode?: 'numeric' } = {},
                wide = false,
              ) => (
                // The SKU takes a phone's whole row: it is the longest of the four.
                <label className={`block min-w-0 text-xs ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
                  <span className="text-stone-700">{TEXTS.variant[field]}</span>
                  <input
                    aria-label={TEXTS.variantLabel(TEXTS.variant[field], row)}
                    value={variant[field]}
                    onChange={(event) => setVariant(index, { [field]: event.target.value })}
                    aria-invalid={errors[`variants.${index}.${field}`] ? true : undefined}
                    className="block min-h-11 w-full rounded-lg border border-stone-300 px-2 text-sm aria-[invalid=true]:border-red-600"
                    {...props}
                  />
                  {errors[`variants.${index}.${field}`] && (
                    <span className="mt-1 block text-red-700">{errors[`variants.${index}.${field}`]}</span>
                  )}
                </label>
              );
              return (
                <li
                  key={variant.key}
                  className="grid grid-cols-2 items-start gap-2 border-b border-stone-100 pb-3 sm:grid-cols-[2fr_1.5fr_1fr_1fr_auto]"
                >
                  {cell('sku', {}, true)}
                  {cell('color')}
                  {cell('size')}
                  {cell('countInStock', { inputMode: 'numeric' })}
                  {canWrite && (
                    <button
                      type="button"
                      className="btn-secondary col-span-2 justify-self-end px-3 text-red-700 sm:col-span-1 sm:self-end"
                      aria-label={TEXTS.removeVariant(row)}
                      disabled={draft.variants.length === 1}
                      onClick={() =>
                        set(
                          'variants',
                          draft.variants.filter((_, i) => i !== index),
                        )
                      }
                    >
                      ✕
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          {canWrite && draft.variants.length < PRODUCT_LIMITS.variants && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => set('variants', [...draft.variants, emptyVariant()])}
            >
              {TEXTS.addVariant}
            </button>
          )}
        </fieldset>
      </fieldset>

      <fieldset aria-labelledby="product-images" className="surface-card min-w-0 space-y-3 p-4">
        <h2 id="product-images" className="font-semibold text-brand-900">
          {TEXTS.images}
        </h2>
        <Photos
          productId={id}
          images={draft.images}
          colors={colors}
          canWrite={canWrite}
          onImages={(images) => set('images', images)}
          onUploaded={onPhotos}
        />
      </fieldset>

      {stale && (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900"
        >
          <p>{TEXTS.stale}</p>
          <button
            type="button"
            className="btn-secondary"
            disabled={reload.isPending}
            onClick={() => reload.mutate()}
          >
            {TEXTS.reload}
          </button>
        </div>
      )}
      {(formError || Object.keys(errors).length > 0) && (
        <FormMessage tone="error">{formError ?? ADMIN_TEXTS.checkFields}</FormMessage>
      )}
      {canWrite && (
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={save.isPending}>
          {id ? TEXTS.save : TEXTS.create}
        </button>
      )}
    </form>
  );
}

/** Adds a product (`/products/new`) or edits one (`/products/:id`); support sees it without edit controls. */
export default function ProductFormPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const product = useQuery({
    queryKey: ['admin', 'product', id],
    queryFn: async () => (await api.get<{ product: AdminProduct }>(API.admin.product(id))).product,
    enabled: !isNew,
    // The form keeps what was typed; a refetch in the background must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <section aria-labelledby="product-title">
      <Link to="/products" className="text-link text-sm">
        ← {TEXTS.back}
      </Link>
      <h1 id="product-title" className="mt-2 font-display text-2xl break-words text-brand-800">
        {isNew ? TEXTS.newTitle : (product.data?.name ?? '')}
      </h1>
      {isNew ? (
        <ProductForm product={undefined} />
      ) : (
        <ListState query={product} isEmpty={() => false}>
          {(data) => <ProductForm key={data._id} product={data} />}
        </ListState>
      )}
    </section>
  );
}
