/** The CDN log model: cache statuses, records, the v1 line format and the v2 query and response shapes. */
export * from './cache-status.js';
export * from './ip.js';
export * from './log-record.js';
export * from './status-filter.js';
export * from './v1-line.js';
export * from './v2-query.js';
export * from './v2-query-string.js';
export * from './v2-response.js';
export * from './filter.js';
export * from './filter-text.js';
export * from './range.js';
