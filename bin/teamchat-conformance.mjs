#!/usr/bin/env node
// Entry point of the published command: Node 20 cannot run TypeScript itself, so tsx is registered first.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/conformance.ts');
