// What the page's one shared copy of react-router-dom holds (tooling/webpack.cjs provides this file
// under the name 'react-router-dom'): the parts the portal's code imports, taken from react-router,
// which react-router-dom re-exports. A federation-shared library is bundled whole, and the whole of
// react-router (data routers, server rendering, cookies) is about 62 KB compressed on every remote
// page; these parts are a fraction of it. eslint.config.js allows importing only these names from
// 'react-router-dom' (it reads them from this file), so a name missing here fails the lint, not the page.
export { BrowserRouter, Link, MemoryRouter, Route, Routes, useHref, useLocation, useNavigate, useNavigationType, useParams, useSearchParams } from 'react-router';
