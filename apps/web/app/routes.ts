import type { RouteConfig } from '@react-router/dev/routes';
import { index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('questions', 'routes/questions.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('beta', 'routes/beta.tsx'),
  route('thanks', 'routes/thanks.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  // Last: unknown paths answer a real 404 from the server.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
