// Testing Library's matchers (toBeInTheDocument, toHaveFocus…), loaded by the shared jest setup.
/// <reference types="@testing-library/jest-dom" />
