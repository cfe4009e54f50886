import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_HIDE_DELAY_MS,
  AUTOCOMPLETE_MIN_CHARS,
} from '../../../../common/constants';
import { productImageUrl } from '../../../../common/images';
import { SearchIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { toQueryString } from '../../../lib/api-client';
import { getAutocomplete, type Suggestion } from '../api/get-autocomplete';
import { highlightMatches } from '../lib/highlight';
import { NAV_TEXTS, SEARCH_INPUT_ID } from '../texts';

/**
 * The navbar's search box with its suggestions (SPEC.md §2): a combobox in the ARIA sense. Typing asks
 * for suggestions once the text has 2 characters and has rested for 300 ms; Enter or the icon searches
 * by name; arrow keys move through the suggestions and Escape closes them. Each suggestion says what
 * it is (a category such as "Kurtas for Men", a brand, a product).
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const nameParam = searchParams.get('name');

  const [text, setText] = useState(nameParam ?? '');
  // What the shopper typed; only typing asks for suggestions (not picking one, not the URL).
  const [typed, setTyped] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const inputRef = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestRequest = useRef(0);
  const listId = useId();

  // Prefill from ?name= whenever it changes (a back navigation, a shared link).
  const [previousName, setPreviousName] = useState(nameParam);
  if (nameParam !== previousName) {
    setPreviousName(nameParam);
    if (nameParam !== null) setText(nameParam);
  }

  useEffect(() => {
    const request = ++latestRequest.current;
    const q = typed.trim();
    if (q.length < AUTOCOMPLETE_MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      getAutocomplete(q).then(
        (items) => {
          if (request !== latestRequest.current) return;
          setSuggestions(items);
          setActiveIndex(-1);
        },
        () => {
          if (request !== latestRequest.current) return;
          setSuggestions([]);
          toast.error(NAV_TEXTS.autocompleteError);
        },
      );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const expanded = open && suggestions.length > 0;

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  function go(to: string) {
    close();
    setTyped('');
    inputRef.current?.blur();
    navigate(to);
  }

  function pick(suggestion: Suggestion) {
    setText(suggestion.label);
    go(suggestion.to);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const active = expanded ? suggestions[activeIndex] : undefined;
    if (active) pick(active);
    else go(`/search${toQueryString({ name: text })}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const count = suggestions.length;
      const down = event.key === 'ArrowDown';
      setActiveIndex((index) => {
        if (!expanded || index < 0) return down ? 0 : count - 1;
        return down ? (index + 1) % count : (index - 1 + count) % count;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the browsers we serve; role="search" on the form is the portable landmark
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {NAV_TEXTS.searchLabel}
      </label>
      <input
        ref={inputRef}
        id={SEARCH_INPUT_ID}
        type="search"
        name="name"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={NAV_TEXTS.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setTyped(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(hideTimer.current);
          hideTimer.current = setTimeout(close, AUTOCOMPLETE_HIDE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
        className="search-input h-11 w-full rounded-full border border-brand-200 bg-white pr-11 pl-4 text-[15px] text-stone-900 placeholder:text-stone-500 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
      />
      <button
        type="submit"
        aria-label={NAV_TEXTS.searchButton}
        className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800"
      >
        <SearchIcon className="size-[18px]" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-2 max-h-80 overflow-y-auto rounded-2xl border border-brand-100 bg-white py-2 shadow-xl shadow-brand-900/10"
      >
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: in the combobox pattern focus stays in the input and aria-activedescendant points at the option
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses options through the input (arrow keys and Enter)
          <div
            key={suggestion.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            aria-label={NAV_TEXTS.suggestionName(NAV_TEXTS.suggestionKind[suggestion.kind], suggestion.label)}
            // Keep focus in the input so the click lands before the blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            className={`flex cursor-pointer items-center justify-between gap-3 px-4 py-2.5 text-sm ${
              index === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-50'
            }`}
          >
            <span className="flex min-w-0 items-center gap-3">
              {suggestion.image && (
                <img
                  src={productImageUrl(suggestion.image, 'sm')}
                  alt=""
                  width={36}
                  height={45}
                  className="h-11 w-9 shrink-0 rounded bg-brand-50 object-cover"
                />
              )}
              <span className="line-clamp-2 [&>mark]:bg-transparent [&>mark]:font-semibold [&>mark]:text-brand-800">
                {highlightMatches(suggestion.label, typed)}
              </span>
            </span>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${
                suggestion.kind === 'product' ? 'text-stone-600' : 'bg-brand-50 font-medium text-brand-800'
              }`}
            >
              {NAV_TEXTS.suggestionKind[suggestion.kind]}
            </span>
          </div>
        ))}
      </div>
    </form>
  );
}
