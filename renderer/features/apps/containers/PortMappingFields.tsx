/** One port mapping of an endpoint: container port, exposed port, and (for anycast) protocols; warns on database ports. */
import { useWatch } from 'react-hook-form';
import { PROTOCOLS } from '../../../../shared/apps/schema';
import { ChecksField, NumberField } from './controls';
import { DATABASE_PORTS, type AppForm, type FormPath } from './form-kit';

const PROTOCOL_LABELS: Record<(typeof PROTOCOLS)[number], string> = { tcp: 'TCP', udp: 'UDP', sctp: 'SCTP' };

interface Props {
  /** `containerTemplates.0.endpoints.1.anycast.portMappings.0` */
  readonly path: string;
  /** How the fields are named to a screen reader, e.g. "Endpoint 1 port mapping 2". */
  readonly label: string;
  readonly withProtocols: boolean;
}

/** A database port reachable from the internet is allowed, but said out loud. */
export function databasePortWarning(port: unknown): string | undefined {
  const db = typeof port === 'number' ? DATABASE_PORTS.get(port) : undefined;
  return db ? `Port ${String(port)} is ${db}'s port: an endpoint makes it reachable from the internet. Keep databases without an endpoint unless that is intended.` : undefined;
}

/** The mapping's fields, each labelled with the mapping it belongs to. */
export function PortMappingFields({ path, label, withProtocols }: Props) {
  const [containerPort, exposedPort] = useWatch<AppForm>({ name: [`${path}.containerPort`, `${path}.exposedPort`] as FormPath[] }) as unknown[];
  return (
    <div className="container-grid">
      <NumberField path={`${path}.containerPort` as FormPath} label={`${label}: container port`} warning={databasePortWarning(containerPort)} />
      <NumberField
        path={`${path}.exposedPort` as FormPath}
        label={`${label}: exposed port`}
        hint="Optional; the container port when empty"
        warning={containerPort === exposedPort ? undefined : databasePortWarning(exposedPort)}
      />
      {withProtocols && <ChecksField path={`${path}.protocols` as FormPath} legend={`${label}: protocols`} options={PROTOCOLS} labels={PROTOCOL_LABELS} />}
    </div>
  );
}
