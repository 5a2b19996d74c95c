// The embedded sandbox card processor: what billing and saved cards use of it, and its pages.
export {
  createSandboxProcessor,
  type CardProcessor,
  type ChargeRequest,
  type ProcessorCard,
  type ProcessorPayment,
  type ProcessorPaymentStatus,
} from './sandbox-processor.js';
export { sandboxPages, type SandboxPagesOptions } from './pages/sandbox-routes.js';
