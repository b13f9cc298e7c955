/**
 * The library browser: the chosen library's videos as the platform holds them, read again while any of them is
 * encoding; searched, filtered, sorted and paged; each renamed, moved, copied or deleted in place.
 */
import { ChartNoAxesColumn, ChevronLeft, ChevronRight, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TopVideo } from '../../../../shared/contract/delivery';
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { useCall } from '../../../bridge/queries';
import { ActiveProfileError } from '../../../ui/ErrorMessage';
import { DeliveryCell } from '../delivery/DeliveryCell';
import { rowDeliveryOf } from '../delivery/delivery-format';
import { DeliveryPane } from '../delivery/DeliveryPane';
import { useDelivery } from '../delivery/delivery-store';
import { useTopVideos } from '../delivery/use-delivery-calls';
import { useTarget } from '../target-store';
import { DeleteVideoDialog } from './DeleteVideoDialog';
import { markVideo, useLibrary } from './library-store';
import { LibraryRow } from './LibraryRow';
import { LibraryToolbar } from './LibraryToolbar';
import { useLibraryEdits } from './use-library-edits';
import { useLibraryPage } from './use-library-page';
import './library.css';

function Empty({ filtered }: { readonly filtered: boolean }) {
  const setQuery = useLibrary((s) => s.setQuery);
  const setView = useLibrary((s) => s.setView);
  if (filtered) {
    return (
      <section className="empty-state" data-testid="library-empty">
        <h2>No video matches</h2>
        <p>No video of this library has a title with these words in this collection.</p>
        <button type="button" onClick={() => setQuery({ search: '', collectionId: null })}>
          Show every video
        </button>
      </section>
    );
  }
  return (
    <section className="empty-state" data-testid="library-empty">
      <h2>This library has no videos yet</h2>
      <p>Upload videos from the queue: they appear here, and their encoding is followed live.</p>
      <button type="button" className="primary" onClick={() => setView('queue')}>
        Go to the upload queue
      </button>
    </section>
  );
}

export function LibraryView() {
  const libraryId = useTarget((s) => s.libraryId);
  const libraries = useCall('videos.libraries', {});
  const library = libraries.data?.libraries.find((l) => l.id === libraryId);
  const ready = library !== undefined && library.hasKey;
  const query = useLibrary((s) => s.query);
  const setQuery = useLibrary((s) => s.setQuery);
  const spotlight = useLibrary((s) => s.spotlight);
  const page = useLibraryPage(ready ? library.id : null, ready);
  const collections = useCall('videos.collections', { libraryId: library?.id ?? 1 }, { enabled: ready });
  const edits = useLibraryEdits(page.refetch);
  const [asking, setAsking] = useState<LibraryVideo | null>(null);
  const spotRow = useRef<HTMLTableRowElement>(null);
  // Every row's delivery comes from the library's one walk of its zone, read when the view opens (and on Refresh).
  const range = useDelivery((s) => s.range);
  const paneOpen = useDelivery((s) => s.paneOpen);
  const setPaneOpen = useDelivery((s) => s.setPaneOpen);
  const walk = useTopVideos(ready ? library.id : null, range);
  const deliveryOf = rowDeliveryOf(walk.query.data);

  const items = page.data?.items;
  const spotGuid = spotlight !== null && spotlight.libraryId === library?.id ? spotlight.videoId : null;
  const spotShown = spotGuid !== null && items?.some((v) => v.guid === spotGuid) === true;
  // The asked-for row, once on screen, is scrolled to and takes the focus, so the keyboard is where the eye is.
  useEffect(() => {
    if (!spotShown) return;
    spotRow.current?.scrollIntoView?.({ block: 'nearest' });
    spotRow.current?.focus();
  }, [spotShown, spotGuid]);

  // A page emptied by deletes (or a shorter list) falls back to the last page that has videos.
  const lastPage = page.data ? Math.max(1, Math.ceil(page.data.totalItems / query.itemsPerPage)) : 1;
  useEffect(() => {
    if (page.data && !page.isPlaceholderData && query.page > lastPage) setQuery({ page: lastPage });
  }, [page.data, page.isPlaceholderData, query.page, lastPage, setQuery]);

  if (libraries.isPending) return null;
  if (!library) return null;
  if (!library.hasKey) {
    return (
      <p className="muted" data-testid="browse-no-key">
        Burrow has no key for {library.name}: each video library has its own API key. Fetch it above, or set it in Settings, to browse this library.
      </p>
    );
  }

  const total = page.data?.totalItems ?? 0;
  const pages = lastPage;
  const filtered = query.search.trim() !== '' || query.collectionId !== null;
  // A top video on this page is marked where it is; another is looked for by its title.
  const showTop = (v: TopVideo) => markVideo(library.id, v.guid, items?.some((i) => i.guid === v.guid) === true ? null : (v.title ?? ''));
  return (
    <section className="library" aria-label={`Videos of ${library.name}`} data-testid="library-view">
      <div className="row spread lib-top">
        <LibraryToolbar collections={collections.data?.collections} />
        {!paneOpen && (
          <button type="button" onClick={() => setPaneOpen(true)}>
            <ChartNoAxesColumn aria-hidden="true" size={14} /> Show delivery
          </button>
        )}
      </div>
      {page.isError && (
        <div className="row lib-error">
          <ActiveProfileError error={page.error} />
          <button type="button" onClick={() => void page.refetch()}>
            <RotateCcw aria-hidden="true" size={14} /> Try again
          </button>
        </div>
      )}
      {page.isPending && !page.isError && (
        <p className="muted" role="status">
          Loading the videos of {library.name}…
        </p>
      )}
      {items && items.length === 0 && <Empty filtered={filtered} />}
      {items && items.length > 0 && (
        <div className="lib-body" data-pane={paneOpen ? 'open' : undefined}>
          <div className="lib-scroller">
            <table className="lib-table" aria-busy={page.isPlaceholderData || undefined}>
              <caption className="visually-hidden">Videos of {library.name}, {query.orderBy === 'date' ? 'newest first' : 'by title'}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Thumbnail</span>
                  </th>
                  <th scope="col" className="lib-title-cell">
                    Title
                  </th>
                  <th scope="col">Collection</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="lib-col-length">
                    Length
                  </th>
                  <th scope="col" className="lib-col-size">
                    Size
                  </th>
                  <th scope="col" className="lib-col-views">
                    Views
                  </th>
                  <th scope="col" className="lib-col-delivery">
                    Delivered, {range === '24h' ? '24 h' : '3 days'}
                  </th>
                  <th scope="col" className="lib-col-date">
                    Uploaded
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((v) => (
                  <LibraryRow
                    key={v.guid}
                    ref={v.guid === spotGuid ? spotRow : undefined}
                    libraryId={library.id}
                    video={v}
                    collections={collections.data?.collections}
                    edits={edits}
                    spotlit={v.guid === spotGuid}
                    onDelete={setAsking}
                    delivery={<DeliveryCell libraryId={library.id} video={v} delivery={deliveryOf(v.guid)} />}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {paneOpen && <DeliveryPane libraryId={library.id} walk={walk} onShow={showTop} />}
        </div>
      )}
      {page.data?.unreadable && (
        <p className="muted small" role="status" data-testid="lib-unreadable">
          {page.data.unreadable.count} video{page.data.unreadable.count === 1 ? '' : 's'} on this page could not be read and {page.data.unreadable.count === 1 ? 'is' : 'are'} not shown (first: {page.data.unreadable.firstReason})
        </p>
      )}
      {items && total > 0 && (
        <nav className="row lib-pager" aria-label="Pages">
          <button type="button" aria-label="Previous page" disabled={query.page <= 1} onClick={() => setQuery({ page: query.page - 1 })}>
            <ChevronLeft aria-hidden="true" size={14} />
          </button>
          <span className="tabular" data-testid="lib-page">
            Page {query.page} of {pages} · {total} video{total === 1 ? '' : 's'}
          </span>
          <button type="button" aria-label="Next page" disabled={query.page >= pages} onClick={() => setQuery({ page: query.page + 1 })}>
            <ChevronRight aria-hidden="true" size={14} />
          </button>
        </nav>
      )}
      <DeleteVideoDialog libraryId={library.id} video={asking} remove={edits.remove} onClose={() => setAsking(null)} />
    </section>
  );
}
