/**
 * The public ports a compose file asks for, as endpoints of the create request, and the user's choice of CDN or
 * anycast for each. Kept apart from the compose mapper (which needs the YAML parser) so the form can switch a port's
 * kind without loading it.
 */
import type { AddApplicationRequestInput } from './schema.js';

/** How a port is published: behind the CDN (HTTP(S) on the CDN's host name) or on an anycast IP address. */
export type EndpointKind = 'cdn' | 'anycast';

/** One published port of one service, and the endpoint it becomes. */
export interface ComposeEndpoint {
  /** The compose service (the container's name before any shortening). */
  readonly service: string;
  /** Index of the service's container in the body's containerTemplates. */
  readonly containerIndex: number;
  readonly containerPort: number;
  /** The port the public side listens on (compose's published port, else the container port). */
  readonly exposedPort: number;
  readonly protocol: 'tcp' | 'udp' | 'sctp';
  readonly kind: EndpointKind;
  /** The endpoint's display name, unique in the app. */
  readonly displayName: string;
}

/** The container ports that go behind the CDN unless the user says otherwise: the web's. */
export const CDN_DEFAULT_PORTS: readonly number[] = [80, 443];

/** The CDN carries HTTP over TCP only; a UDP or SCTP port can only be anycast. */
export function canUseCdn(endpoint: Pick<ComposeEndpoint, 'protocol'>): boolean {
  return endpoint.protocol === 'tcp';
}

/** The kind a port starts with: CDN for 80 and 443 over TCP, anycast for every other port. */
export function defaultEndpointKind(containerPort: number, protocol: ComposeEndpoint['protocol']): EndpointKind {
  return protocol === 'tcp' && CDN_DEFAULT_PORTS.includes(containerPort) ? 'cdn' : 'anycast';
}

type Endpoint = NonNullable<NonNullable<AddApplicationRequestInput['containerTemplates']>[number]['endpoints']>[number];

/** The create request's endpoint for one port; a kind the port cannot have (CDN for UDP) falls back to anycast. */
export function endpointRequest(e: ComposeEndpoint): Endpoint {
  if (e.kind === 'cdn' && canUseCdn(e)) {
    return { displayName: e.displayName, cdn: { isSslEnabled: true, portMappings: [{ containerPort: e.containerPort }] } };
  }
  return {
    displayName: e.displayName,
    anycast: { type: 'iPv4', portMappings: [{ containerPort: e.containerPort, exposedPort: e.exposedPort, protocols: [e.protocol] }] },
  };
}

/**
 * The body with every container's endpoints rebuilt from the list (each port with the kind it now has). Containers
 * keep their other members; a container with no port in the list has no endpoints member.
 */
export function withEndpoints(body: AddApplicationRequestInput, endpoints: readonly ComposeEndpoint[]): AddApplicationRequestInput {
  return {
    ...body,
    containerTemplates: body.containerTemplates?.map((c, i) => {
      const { endpoints: _old, ...rest } = c;
      const mine = endpoints.filter((e) => e.containerIndex === i).map(endpointRequest);
      return mine.length > 0 ? { ...rest, endpoints: mine } : rest;
    }),
  };
}

/** The list with one port's kind changed (the port named by its display name, unique in the app). */
export function setEndpointKind(endpoints: readonly ComposeEndpoint[], displayName: string, kind: EndpointKind): ComposeEndpoint[] {
  return endpoints.map((e) => (e.displayName === displayName && (kind === 'anycast' || canUseCdn(e)) ? { ...e, kind } : e));
}

/**
 * What a CDN endpoint does not keep of the compose file: the CDN answers at its own host name on 80 (HTTP) and 443
 * (HTTPS), so a published port other than the container port ("8443:443") is not used. One note per such port, for
 * the report of what could not be mapped; anycast keeps the published port.
 */
export function cdnPortNotes(endpoints: readonly ComposeEndpoint[]): { readonly service: string; readonly message: string }[] {
  return endpoints
    .filter((e) => e.kind === 'cdn' && canUseCdn(e) && e.exposedPort !== e.containerPort)
    .map((e) => ({
      service: e.service,
      message: `The published port ${e.exposedPort} of container port ${e.containerPort} is not used: behind the CDN the port is reached at the CDN's host name on 80 and 443. Publish it by anycast to keep ${e.exposedPort}.`,
    }));
}
