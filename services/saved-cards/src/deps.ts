import type { CardProcessor } from '@boon/card-processor';
import { serviceBuilders, type ServiceDeps } from '@boon/service-kit';

export interface SavedCardsDeps extends ServiceDeps {
  /** What a token stands for: the processor tells, the console's word is not taken for it. */
  cardProcessor: Pick<CardProcessor, 'describeToken'>;
}

export const { route } = serviceBuilders<SavedCardsDeps>();
