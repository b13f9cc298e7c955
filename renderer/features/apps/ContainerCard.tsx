/**
 * One container of an application, as the detail pane shows it: image, entry point, environment names, probes,
 * endpoints with their public address (the CDN host name or the anycast IP, to copy) and mounts. Actions on the
 * container (its environment variables) sit in the card's header.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { portText, type ContainerView } from './app-detail-view';
import { CopyButton } from './CopyButton';

/** One fact of a `facts` list: its term, then what it is (the rest of the props go to the value). */
export function Fact({ term, children, ...value }: { readonly term: string; readonly children: ReactNode; readonly 'data-testid'?: string } & HTMLAttributes<HTMLElement>) {
  return (
    <>
      <dt>{term}</dt>
      <dd {...value}>{children}</dd>
    </>
  );
}

function EndpointList({ container }: { readonly container: ContainerView }) {
  if (container.endpoints.length === 0) return <dd>None: the container is not reachable from outside</dd>;
  return (
    <dd>
      <ul className="plain apps-endpoints">
        {container.endpoints.map((e, i) => (
          <li key={`${e.name}-${i}`}>
            <strong>{e.name}</strong> <span className="badge">{e.type === 'cdn' ? 'CDN' : e.type === 'anycast' ? 'Anycast' : e.type}</span>
            {e.ssl !== null && <span className="muted small"> {e.ssl ? 'SSL' : 'no SSL'}</span>}
            {e.ports.length > 0 && <span className="tabular"> · port{e.ports.length === 1 ? '' : 's'} {e.ports.map(portText).join(', ')}</span>}
            {e.address && (
              <div className="row apps-address">
                <span className="mono small apps-wrap" data-testid="endpoint-address">
                  {e.address}
                </span>
                <CopyButton text={e.address} label={`Copy the address of ${e.name}: ${e.address}`} what="Address" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </dd>
  );
}

export function ContainerCard({ container: c, actions }: { readonly container: ContainerView; readonly actions?: ReactNode }) {
  return (
    <article className="card apps-container" aria-label={`Container ${c.name}`} data-testid="app-container">
      <div className="row spread apps-container-head">
        <h4 className="apps-container-name">{c.name}</h4>
        {actions && <div className="row">{actions}</div>}
      </div>
      <dl className="facts">
        <dt>Image</dt>
        <dd className="mono apps-wrap">{c.image}</dd>
        {c.pullPolicy && <Fact term="Pull">{c.pullPolicy === 'always' ? 'Always' : c.pullPolicy === 'ifNotPresent' ? 'If not present' : c.pullPolicy}</Fact>}
        {c.command && <Fact term="Runs" className="mono apps-wrap">{c.command}</Fact>}
        <dt>Endpoints</dt>
        <EndpointList container={c} />
        {c.probes.length > 0 && <Fact term="Probes">{c.probes.join(', ')}</Fact>}
        {c.environment.length > 0 && <Fact term="Environment" className="mono apps-wrap">{c.environment.join(', ')}</Fact>}
        {c.mounts.length > 0 && <Fact term="Mounts">{c.mounts.map((m) => `${m.volume} at ${m.path}`).join(', ')}</Fact>}
      </dl>
    </article>
  );
}
