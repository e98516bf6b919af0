// The viewer's signed links and sessions live in core (core/view-links.ts), so the get_view_link
// op can sign a link too; the viewer's routes and the admin CLI import them from here.
export * from '../../core/view-links.ts';
