/**
 * Test setup for every vitest file: in the DOM tests, a condition awaited with waitFor/findBy may take up to 10 s.
 * The default second is met on an idle machine but not on a build machine running the whole suite on two cores; a
 * passing wait ends as soon as its condition holds, so only a failing one waits longer.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}
export {};
