import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from '../../components/ui/toast';
import { fetchLikedIds } from './api/get-liked-ids';
import { likedProductsKey } from './api/get-liked-products';
import { setLike } from './api/set-like';
import {
  clearUserLikes,
  loadGuestLikes,
  loadUserLikes,
  saveGuestLikes,
  saveUserLikes,
} from './likes-storage';
import { LIKE_UPDATE_FAILED } from './texts';

export interface LikesContextValue {
  /** Liked product ids, newest like first. */
  ids: readonly string[];
  /** The same ids as a set (SPEC.md §3: a set of product ids as strings). */
  likedIds: ReadonlySet<string>;
  isLiked: (productId: string) => boolean;
  /** Likes when not liked, unlikes when liked (SPEC.md §4). Does nothing before `ready`. */
  toggle: (productId: string) => void;
  /** False until the initial load (from local storage) is done, and while the session is being decided. */
  ready: boolean;
  /** The likes belong to this signed-in shopper; null for a guest. */
  userId: string | null;
}

export interface LikesProviderProps {
  /** From the session: whether check-auth answered with a user. */
  isAuthenticated: boolean;
  /** From the session: true while check-auth has not answered (likes wait, so a guest's never flash). */
  isAuthLoading?: boolean;
  /** From the session: the signed-in user's id. */
  userId?: string | null;
  children: ReactNode;
}

const NO_IDS: ReadonlySet<string> = new Set();

const LikesContext = createContext<LikesContextValue>({
  ids: [],
  likedIds: NO_IDS,
  isLiked: () => false,
  toggle: () => {
    throw new Error('Likes can only be changed inside <LikesProvider>');
  },
  ready: false,
  userId: null,
});

/** The server state of one product's like, and where the shopper wants it. */
interface SyncEntry {
  confirmed: boolean;
  desired: boolean;
  running: boolean;
}

type Owner = { kind: 'loading' } | { kind: 'guest' } | { kind: 'user'; userId: string };

const LIKES_TOAST_ID = 'likes-update-failed';

function withLike(ids: readonly string[], productId: string, liked: boolean): string[] {
  const without = ids.filter((id) => id !== productId);
  return liked ? [productId, ...without] : without;
}

/**
 * The shopper's likes (SPEC.md §3, §4). A guest's live in local storage only. A signed-in shopper's
 * change shows at once, is stored, and is sent to the server; a failure puts it back and raises a toast.
 * On sign-in the stored ids show first and the server's list then replaces them (a failure of that
 * refresh is not shown). Session state comes in as props: features do not import each other.
 */
export function LikesProvider({
  isAuthenticated,
  isAuthLoading = false,
  userId,
  children,
}: LikesProviderProps) {
  const queryClient = useQueryClient();
  const owner: Owner = isAuthLoading
    ? { kind: 'loading' }
    : isAuthenticated && userId
      ? { kind: 'user', userId }
      : { kind: 'guest' };
  const ownerKey = owner.kind === 'user' ? `user:${owner.userId}` : owner.kind;

  const [ids, setIds] = useState<readonly string[]>([]);
  const [ready, setReady] = useState(false);
  // Mirrors of the state for the callbacks, which must read the latest value, not a render's.
  const idsRef = useRef<readonly string[]>([]);
  const ownerRef = useRef<Owner>(owner);
  // Bumped whenever the owner changes; answers that arrive for an earlier owner are dropped.
  const generation = useRef(0);
  const syncs = useRef(new Map<string, SyncEntry>());
  // Changes made while the sign-in refresh is under way; they are applied over the server's list.
  const editsDuringRefresh = useRef<Map<string, boolean> | null>(null);

  const commit = useCallback((next: readonly string[]) => {
    idsRef.current = next;
    setIds(next);
    const current = ownerRef.current;
    if (current.kind === 'guest') saveGuestLikes(next);
    else if (current.kind === 'user') saveUserLikes(current.userId, next);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: ownerKey names the owner; the object is new each render.
  useEffect(() => {
    generation.current += 1;
    const gen = generation.current;
    ownerRef.current = owner;
    syncs.current = new Map();
    editsDuringRefresh.current = null;
    if (owner.kind === 'loading') {
      idsRef.current = [];
      setIds([]);
      setReady(false);
      return;
    }
    if (owner.kind === 'guest') {
      // Signed out (or never signed in): the account's likes are not left behind on this device.
      clearUserLikes();
      commit(loadGuestLikes());
      setReady(true);
      return;
    }
    commit(loadUserLikes(owner.userId));
    setReady(true);
    const edits = new Map<string, boolean>();
    editsDuringRefresh.current = edits;
    fetchLikedIds()
      .then((serverIds) => {
        if (gen !== generation.current) return;
        let next: readonly string[] = serverIds;
        for (const [id, liked] of edits) next = withLike(next, id, liked);
        commit(next);
      })
      .catch(() => {
        // SPEC.md §8: a failed refresh on login is not shown; the stored ids stay.
      })
      .finally(() => {
        if (editsDuringRefresh.current === edits) editsDuringRefresh.current = null;
      });
  }, [ownerKey, commit]);

  /** Shows and stores one product's like state, remembering it if the sign-in refresh is under way. */
  const show = useCallback(
    (productId: string, liked: boolean) => {
      commit(withLike(idsRef.current, productId, liked));
      editsDuringRefresh.current?.set(productId, liked);
    },
    [commit],
  );

  /**
   * Sends one product's wanted state until the server has it. Requests for a product go one at a
   * time, so a quick like-unlike cannot reach the server in the wrong order; a failure returns the
   * product to the last state the server confirmed.
   */
  const sync = useCallback(
    async (productId: string, entry: SyncEntry, gen: number) => {
      entry.running = true;
      try {
        while (entry.desired !== entry.confirmed) {
          const target = entry.desired;
          try {
            await setLike(productId, target);
          } catch {
            if (gen !== generation.current) return;
            entry.desired = entry.confirmed;
            const shown = idsRef.current.includes(productId);
            if (shown !== entry.confirmed) {
              show(productId, entry.confirmed);
              toast.error(LIKE_UPDATE_FAILED, { toastId: LIKES_TOAST_ID });
            }
            return;
          }
          if (gen !== generation.current) return;
          entry.confirmed = target;
          void queryClient.invalidateQueries({ queryKey: likedProductsKey });
        }
      } finally {
        entry.running = false;
      }
    },
    [queryClient, show],
  );

  const toggle = useCallback(
    (productId: string) => {
      const current = ownerRef.current;
      if (current.kind === 'loading') return;
      const wasLiked = idsRef.current.includes(productId);
      show(productId, !wasLiked);
      if (current.kind === 'guest') return;
      let entry = syncs.current.get(productId);
      if (!entry) {
        entry = { confirmed: wasLiked, desired: wasLiked, running: false };
        syncs.current.set(productId, entry);
      }
      entry.desired = !wasLiked;
      if (!entry.running) void sync(productId, entry, generation.current);
    },
    [show, sync],
  );

  const currentUserId = owner.kind === 'user' ? owner.userId : null;
  const value = useMemo<LikesContextValue>(() => {
    const likedIds = new Set(ids);
    return {
      ids,
      likedIds,
      isLiked: (productId) => likedIds.has(productId),
      toggle: (productId) => {
        if (ready) toggle(productId);
      },
      ready,
      userId: currentUserId,
    };
  }, [ids, ready, toggle, currentUserId]);

  return <LikesContext.Provider value={value}>{children}</LikesContext.Provider>;
}

/** The shopper's likes; outside a provider nothing is liked and nothing is ready. */
export function useLikes(): LikesContextValue {
  return useContext(LikesContext);
}
