// The embedded sandbox reward supplier: what ordering uses of a supplier.
export {
  createSandboxSupplier,
  SANDBOX_FLAKY_MINOR,
  SANDBOX_REFUSED_MINOR,
  SupplierRefusal,
  type IssuedCode,
  type IssueOutcome,
  type IssueRequest,
  type RewardSupplier,
  type SandboxSupplierOptions,
} from './sandbox-supplier.js';
