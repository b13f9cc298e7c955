/** The browser's query controls: search (as you type, after a pause), collection filter, order and page size. */
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Collection } from '../../../../shared/contract/videos';
import { LibraryOrder } from '../../../../shared/contract/videos-library';
import { useLibrary } from './library-store';

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;
const PAGE_SIZES = [25, 50, 100] as const;

export function LibraryToolbar({ collections }: { readonly collections: readonly Collection[] | undefined }) {
  const query = useLibrary((s) => s.query);
  const setQuery = useLibrary((s) => s.setQuery);
  // What is typed, and the search it was typed over: a search changed elsewhere (a finished upload's link) wins.
  const [typed, setTyped] = useState({ text: query.search, over: query.search });
  const text = typed.over === query.search ? typed.text : query.search;
  const setText = (value: string) => setTyped({ text: value, over: query.search });
  const ids = { search: useId(), collection: useId(), order: useId(), size: useId() };

  useEffect(() => {
    if (text === query.search) return;
    const timer = setTimeout(() => setQuery({ search: text }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, query.search, setQuery]);

  return (
    <div className="row lib-toolbar" role="search">
      <div className="field">
        <label htmlFor={ids.search}>Search titles</label>
        <span className="lib-search">
          <Search aria-hidden="true" size={14} />
          <input
            id={ids.search}
            type="search"
            value={text}
            placeholder="Title contains…"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setQuery({ search: text });
            }}
          />
        </span>
      </div>
      <div className="field">
        <label htmlFor={ids.collection}>Filter by collection</label>
        <select id={ids.collection} value={query.collectionId ?? ''} onChange={(e) => setQuery({ collectionId: e.target.value === '' ? null : e.target.value })}>
          <option value="">All videos</option>
          {(collections ?? []).map((c) => (
            <option key={c.guid} value={c.guid}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.order}>Sort by</label>
        <select id={ids.order} value={query.orderBy} onChange={(e) => setQuery({ orderBy: LibraryOrder.parse(e.target.value) })}>
          <option value="date">Newest first</option>
          <option value="title">Title</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.size}>Per page</label>
        <select id={ids.size} value={query.itemsPerPage} onChange={(e) => setQuery({ itemsPerPage: Number(e.target.value) })}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
