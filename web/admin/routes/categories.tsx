import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { API } from '../../../common/api-paths';
import {
  type AdminCategories,
  CATEGORY_LEVELS,
  type CategoryChangeResult,
  type CategoryNode,
} from '../../../common/schemas/admin-categories';
import { PRODUCT_LIMITS } from '../../../common/schemas/admin-products';
import { toast } from '../../components/ui/toast';
import { api, HttpError } from '../../lib/api-client';
import { type Confirmation, ConfirmDialog } from '../components/confirm-dialog';
import { ListState } from '../components/list-state';
import { categoriesKey, useCategories } from '../lib/categories';
import { useCan } from '../lib/staff';

const LEVEL_NAMES = { category: 'category', subCategory: 'sub-category', type: 'type' } as const;

/** The level a node at `depth` (1 = a category under a gender) sits on. */
const levelAt = (depth: number) => LEVEL_NAMES[CATEGORY_LEVELS[depth - 1] ?? 'type'];

const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

export const TEXTS = {
  title: 'Categories',
  intro:
    'The shop’s menu: section → category → sub-category → type. Renaming or moving one changes every product below it; the shop shows it at once. A new category appears in the shop with its first active product.',
  brands: 'Brands',
  count: products,
  rename: 'Rename',
  move: 'Move',
  add: (depth: number) => `Add a ${levelAt(depth)}`,
  addBrand: 'Add a brand',
  name: 'Name',
  newName: (name: string) => `New name for ${name}`,
  moveTo: (name: string) => `Move ${name} under`,
  nameOf: (depth: number, parent: string) => `Name of the new ${levelAt(depth)} in ${parent}`,
  save: 'Save',
  cancel: 'Cancel',
  actionsOf: (action: string, name: string) => `${action} ${name}`,
  confirmRename: (from: string, to: string, n: number) => ({
    title: `Rename “${from}” to “${to}”?`,
    body: `${products(n)} and everything below “${from}” take the new name; if “${to}” already exists there, the two become one. The shop shows it at once.`,
    action: 'Rename',
  }),
  confirmMove: (name: string, to: string, n: number) => ({
    title: `Move “${name}” under “${to}”?`,
    body: `${products(n)} and everything below “${name}” move with it. The shop shows it at once.`,
    action: 'Move',
  }),
  changed: (n: number) => `Saved; ${products(n)} changed.`,
  added: (name: string) => `“${name}” added.`,
} as const;

type Editing =
  | { kind: 'rename' | 'move' | 'add'; path: string[] }
  | { kind: 'rename-brand'; name: string }
  | { kind: 'add-brand' };

const inputClass = 'block min-h-11 w-full min-w-0 rounded-lg border border-stone-300 px-3';

/** One small form under a node: a text or a choice, Save and Cancel. */
function InlineForm({
  label,
  initial = '',
  options,
  onSubmit,
  onCancel,
  busy,
}: {
  label: string;
  initial?: string;
  options?: string[][];
  onSubmit: (value: string) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const [value, setValue] = useState(initial || (options?.[0]?.join('\u0000') ?? ''));
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-48 text-sm">
        <label htmlFor={id} className="text-stone-700">
          {label}
        </label>
        {options ? (
          <select
            id={id}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={`${inputClass} bg-white`}
          >
            {options.map((path) => (
              <option key={path.join('\u0000')} value={path.join('\u0000')}>
                {path.join(' › ')}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            value={value}
            maxLength={PRODUCT_LIMITS.labelMax}
            onChange={(event) => setValue(event.target.value)}
            className={inputClass}
          />
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {TEXTS.save}
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        {TEXTS.cancel}
      </button>
    </form>
  );
}

/** Every path `depth` levels deep (1 = the genders), the places a node one level below them may move to. */
function pathsAt(tree: readonly CategoryNode[], depth: number, prefix: string[] = []): string[][] {
  return tree.flatMap((node) =>
    depth === 1 ? [[...prefix, node.name]] : pathsAt(node.children, depth - 1, [...prefix, node.name]),
  );
}

/** What every node row needs from the screen: who may edit, what is open, and how to send a change. */
interface TreeEditing {
  canWrite: boolean;
  setEditing: (editing: Editing | null) => void;
  isEditing: (kind: Editing['kind'], path: string[]) => boolean;
  send: { isPending: boolean; mutate: (change: Change) => void };
  setConfirmation: (confirmation: Confirmation) => void;
}

interface Change {
  method: 'post' | 'patch';
  url: string;
  body: object;
  /** The toast of an addition; a rename or move says how many products changed. */
  done: string;
}

/** A node with its actions and the nodes below it. */
function NodeRow({
  node,
  path,
  tree,
  ctx,
}: {
  node: CategoryNode;
  path: string[];
  tree: CategoryNode[];
  ctx: TreeEditing;
}) {
  const { canWrite, setEditing, isEditing, send, setConfirmation } = ctx;
  const depth = path.length - 1;
  const name = node.name;
  const parentLabel = path.slice(0, -1).join(' › ');
  // A section opens on demand: the whole tree is thousands of pixels tall on a phone.
  const [open, setOpen] = useState(depth > 0);
  const count = <span className="text-xs text-stone-600">{TEXTS.count(node.products)}</span>;
  return (
    <li className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg px-2 py-1 hover:bg-stone-50">
        {depth === 0 ? (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((shown) => !shown)}
            className="min-h-11 min-w-0 text-left break-words"
          >
            <span aria-hidden="true" className="mr-1 inline-block w-4 text-brand-700">
              {open ? '▾' : '▸'}
            </span>
            <span className="font-semibold text-brand-900">{name}</span> {count}
          </button>
        ) : (
          <span className="min-w-0 break-words">
            <span className="font-medium">{name}</span> {count}
          </span>
        )}
        {canWrite && (
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            {depth > 0 && (
              <>
                <button
                  type="button"
                  className="text-link text-sm"
                  aria-label={TEXTS.actionsOf(TEXTS.rename, path.join(' › '))}
                  onClick={() => setEditing({ kind: 'rename', path })}
                >
                  {TEXTS.rename}
                </button>
                <button
                  type="button"
                  className="text-link text-sm"
                  aria-label={TEXTS.actionsOf(TEXTS.move, path.join(' › '))}
                  onClick={() => setEditing({ kind: 'move', path })}
                >
                  {TEXTS.move}
                </button>
              </>
            )}
            {depth < CATEGORY_LEVELS.length && (
              <button
                type="button"
                className="text-link text-sm"
                aria-label={TEXTS.actionsOf(TEXTS.add(depth + 1), path.join(' › '))}
                onClick={() => setEditing({ kind: 'add', path })}
              >
                {TEXTS.add(depth + 1)}
              </button>
            )}
          </span>
        )}
      </div>
      {isEditing('rename', path) && (
        <InlineForm
          label={TEXTS.newName(name)}
          initial={name}
          busy={send.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(to) =>
            setConfirmation({
              ...TEXTS.confirmRename(name, to, node.products),
              run: () =>
                send.mutate({
                  method: 'patch',
                  url: API.admin.categories,
                  body: { path, name: to },
                  done: '',
                }),
            })
          }
        />
      )}
      {isEditing('move', path) && (
        <InlineForm
          label={TEXTS.moveTo(name)}
          options={pathsAt(tree, depth).filter((parent) => parent.join(' › ') !== parentLabel)}
          busy={send.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(choice) => {
            const parent = choice.split('\u0000');
            setConfirmation({
              ...TEXTS.confirmMove(name, parent.join(' › '), node.products),
              run: () =>
                send.mutate({ method: 'patch', url: API.admin.categories, body: { path, parent }, done: '' }),
            });
          }}
        />
      )}
      {isEditing('add', path) && (
        <InlineForm
          label={TEXTS.nameOf(depth + 1, path.join(' › '))}
          busy={send.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(added) =>
            send.mutate({
              method: 'post',
              url: API.admin.categories,
              body: { parent: path, name: added },
              done: TEXTS.added(added),
            })
          }
        />
      )}
      {open && node.children.length > 0 && (
        <ul className="ml-3 border-l border-stone-200 pl-2 sm:ml-4 sm:pl-3">
          {node.children.map((child) => (
            <NodeRow key={child.name} node={child} path={[...path, child.name]} tree={tree} ctx={ctx} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The category tree and the brands, with their product counts. Owners and managers add, rename and
 * move nodes (each change asks first and says how many products follow); support reads.
 */
export default function CategoriesPage() {
  const canWrite = useCan('catalog:write');
  const categories = useCategories();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const send = useMutation({
    mutationFn: ({ method, url, body }: Change) => api[method]<CategoryChangeResult>(url, body),
    onSuccess: (result, { method, done }) => {
      toast.success(method === 'post' ? done : TEXTS.changed(result.products));
      setEditing(null);
      queryClient.invalidateQueries({ queryKey: categoriesKey });
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
    onError: (error) => toast.error(error instanceof HttpError ? error.message : String(error)),
  });

  const isEditing = (kind: Editing['kind'], path: string[]) =>
    editing?.kind === kind && 'path' in editing && editing.path.join('\u0000') === path.join('\u0000');

  const ctx: TreeEditing = { canWrite, setEditing, isEditing, send, setConfirmation };

  const brandsOf = (data: AdminCategories) => (
    <section aria-labelledby="brands-title" className="surface-card mt-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="brands-title" className="font-semibold text-brand-900">
          {TEXTS.brands}
        </h2>
        {canWrite && (
          <button type="button" className="btn-secondary" onClick={() => setEditing({ kind: 'add-brand' })}>
            {TEXTS.addBrand}
          </button>
        )}
      </div>
      {editing?.kind === 'add-brand' && (
        <InlineForm
          label={TEXTS.addBrand}
          busy={send.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(name) =>
            send.mutate({ method: 'post', url: API.admin.brands, body: { name }, done: TEXTS.added(name) })
          }
        />
      )}
      <ul className="mt-2 space-y-1">
        {data.brands.map((brand) => (
          <li key={brand.name} className="min-w-0">
            <div className="flex flex-wrap items-center justify-between gap-2 px-2 py-1">
              <span className="min-w-0 break-words">
                <span className="font-medium">{brand.name}</span>{' '}
                <span className="text-xs text-stone-600">{TEXTS.count(brand.products)}</span>
              </span>
              {canWrite && (
                <button
                  type="button"
                  className="text-link text-sm"
                  aria-label={TEXTS.actionsOf(TEXTS.rename, brand.name)}
                  onClick={() => setEditing({ kind: 'rename-brand', name: brand.name })}
                >
                  {TEXTS.rename}
                </button>
              )}
            </div>
            {editing?.kind === 'rename-brand' && editing.name === brand.name && (
              <InlineForm
                label={TEXTS.newName(brand.name)}
                initial={brand.name}
                busy={send.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={(to) =>
                  setConfirmation({
                    ...TEXTS.confirmRename(brand.name, to, brand.products),
                    run: () =>
                      send.mutate({
                        method: 'patch',
                        url: API.admin.brands,
                        body: { from: brand.name, name: to },
                        done: '',
                      }),
                  })
                }
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <section aria-labelledby="categories-title" className="max-w-3xl">
      <h1 id="categories-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <p className="mt-1 text-sm text-stone-600">{TEXTS.intro}</p>
      <ListState query={categories} isEmpty={() => false}>
        {(data) => (
          <>
            <div className="surface-card mt-4 p-2 sm:p-4">
              <ul className="space-y-2">
                {data.tree.map((gender) => (
                  <NodeRow key={gender.name} node={gender} path={[gender.name]} tree={data.tree} ctx={ctx} />
                ))}
              </ul>
            </div>
            {brandsOf(data)}
          </>
        )}
      </ListState>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
