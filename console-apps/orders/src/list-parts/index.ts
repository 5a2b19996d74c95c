export { ErrorAlert, ListLoadError, ShowMoreButton } from './list-parts';
