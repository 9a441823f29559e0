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
  route('auth', 'routes/auth/sign-in.tsx'),
  route('auth/new', 'routes/auth/sign-up.tsx'),
  route('auth/new/:token', 'routes/auth/activate.tsx'),
  route('auth/reset', 'routes/auth/reset-request.tsx'),
  route('auth/reset/:token', 'routes/auth/reset-password.tsx'),
  route('dashboard', 'routes/dashboard/panel.tsx'),
  route('dashboard/settings', 'routes/dashboard/settings.tsx'),
  route('dashboard/settings/mercadopago', 'routes/dashboard/settings-mercadopago.tsx'),
  route('dashboard/sales', 'routes/dashboard/sales.tsx'),
  route('dashboard/shopping', 'routes/dashboard/shopping.tsx'),
  route('orders/:id', 'routes/orders/detail.tsx'),
  route('dashboard/out', 'routes/dashboard/out.tsx'),
  route('dashboard/publications', 'routes/dashboard/publications.tsx'),
  route('dashboard/publications/:id/edit', 'routes/dashboard/publication-edit.tsx'),
  route('publications', 'routes/publications/explore.tsx'),
  route('publications/new', 'routes/publications/new.tsx'),
  route('publications/:id', 'routes/publications/detail.tsx'),
  route('tips/:id', 'routes/tips/detail.tsx'),
  route('users/:id', 'routes/users/profile.tsx'),
  // Last: unknown paths answer a real 404 from the server.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
