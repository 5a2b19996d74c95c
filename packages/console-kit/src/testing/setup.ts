// The things test set-up files need, apart from everything else in the testing entry, so that
// preparing the console's tests costs them few imports.
export { provideConsoleUnderTest, type ConsoleUnderTest } from './console-under-test';
export { installApiMocks } from './api-mocks/install-api-mocks';
