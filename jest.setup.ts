import '@testing-library/jest-dom';

// Component tests type and click through user-event, which takes seconds when the machine is loaded (CI
// shares its cores); 5 s, Jest's default, failed them there for time alone. What they assert is unchanged.
jest.setTimeout(20_000);
