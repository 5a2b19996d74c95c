// The zod side of the catalog endpoints, loaded on demand (see ../endpoint.ts).
export * from '../catalog.js';
