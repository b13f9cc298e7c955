#!/usr/bin/env node
// The `burrow` command: runs the TypeScript sources through tsx, so it works right after `npm install`, with no build.
import { tsImport } from 'tsx/esm/api';

const { runProcess } = await tsImport('../cli/main.ts', import.meta.url);
await runProcess(process.argv.slice(2));
