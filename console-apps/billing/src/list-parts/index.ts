export { ListLoadError, ShowMoreButton } from './list-parts';
