/** HTTP status codes as people know them ("200 OK") for the platform's status enum, which is sent by name (`ok`). */
import { HTTP_STATUS_CODES } from '../../../../shared/apps/schema';

/** One of the platform's status names. */
export type HttpStatusName = (typeof HTTP_STATUS_CODES)[number];

/** Every name's number and reason phrase; the Record type makes a missing or misspelt name a compile error. */
const STATUSES: Readonly<Record<HttpStatusName, readonly [number, string]>> = {
  continue: [100, 'Continue'], switchingProtocols: [101, 'Switching Protocols'], processing: [102, 'Processing'],
  earlyHints: [103, 'Early Hints'], ok: [200, 'OK'], created: [201, 'Created'], accepted: [202, 'Accepted'],
  nonAuthoritativeInformation: [203, 'Non-Authoritative Information'], noContent: [204, 'No Content'],
  resetContent: [205, 'Reset Content'], partialContent: [206, 'Partial Content'], multiStatus: [207, 'Multi-Status'],
  alreadyReported: [208, 'Already Reported'], imUsed: [226, 'IM Used'], multipleChoices: [300, 'Multiple Choices'],
  movedPermanently: [301, 'Moved Permanently'], found: [302, 'Found'], seeOther: [303, 'See Other'],
  notModified: [304, 'Not Modified'], useProxy: [305, 'Use Proxy'], unused: [306, 'Unused'],
  temporaryRedirect: [307, 'Temporary Redirect'], permanentRedirect: [308, 'Permanent Redirect'],
  badRequest: [400, 'Bad Request'], unauthorized: [401, 'Unauthorized'], paymentRequired: [402, 'Payment Required'],
  forbidden: [403, 'Forbidden'], notFound: [404, 'Not Found'], methodNotAllowed: [405, 'Method Not Allowed'],
  notAcceptable: [406, 'Not Acceptable'], proxyAuthenticationRequired: [407, 'Proxy Authentication Required'],
  requestTimeout: [408, 'Request Timeout'], conflict: [409, 'Conflict'], gone: [410, 'Gone'],
  lengthRequired: [411, 'Length Required'], preconditionFailed: [412, 'Precondition Failed'],
  requestEntityTooLarge: [413, 'Request Entity Too Large'], requestUriTooLong: [414, 'Request-URI Too Long'],
  unsupportedMediaType: [415, 'Unsupported Media Type'], requestedRangeNotSatisfiable: [416, 'Requested Range Not Satisfiable'],
  expectationFailed: [417, 'Expectation Failed'], misdirectedRequest: [421, 'Misdirected Request'],
  unprocessableEntity: [422, 'Unprocessable Entity'], locked: [423, 'Locked'], failedDependency: [424, 'Failed Dependency'],
  upgradeRequired: [426, 'Upgrade Required'], preconditionRequired: [428, 'Precondition Required'],
  tooManyRequests: [429, 'Too Many Requests'], requestHeaderFieldsTooLarge: [431, 'Request Header Fields Too Large'],
  unavailableForLegalReasons: [451, 'Unavailable For Legal Reasons'], internalServerError: [500, 'Internal Server Error'],
  notImplemented: [501, 'Not Implemented'], badGateway: [502, 'Bad Gateway'], serviceUnavailable: [503, 'Service Unavailable'],
  gatewayTimeout: [504, 'Gateway Timeout'], httpVersionNotSupported: [505, 'HTTP Version Not Supported'],
  variantAlsoNegotiates: [506, 'Variant Also Negotiates'], insufficientStorage: [507, 'Insufficient Storage'],
  loopDetected: [508, 'Loop Detected'], notExtended: [510, 'Not Extended'],
  networkAuthenticationRequired: [511, 'Network Authentication Required'],
};

/** A status to choose: the enum name sent, the number and the words shown. */
export interface HttpStatusOption {
  readonly name: HttpStatusName;
  readonly code: number;
  readonly label: string;
}

/** Every status the platform accepts, in numeric order, labelled "200 OK". */
export const HTTP_STATUS_OPTIONS: readonly HttpStatusOption[] = HTTP_STATUS_CODES.map((name) => {
  const [code, reason] = STATUSES[name];
  return { name, code, label: `${code} ${reason}` };
}).sort((a, b) => a.code - b.code);

/** The enum name for a value the form holds in any letter case (the platform accepts any), or undefined. */
export function statusName(value: unknown): HttpStatusName | undefined {
  if (typeof value !== 'string') return undefined;
  return HTTP_STATUS_CODES.find((n) => n.toLowerCase() === value.toLowerCase());
}
