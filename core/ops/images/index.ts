// The images area: pictures on sheets (kept from xlsx files), following their cells, drawn in the
// viewer and listed in /context. No ops yet: pictures come from imported files.
import { defineArea } from '../../area.ts';
import { imageObjects } from '../../images/hooks.ts';
import { imageGraphics, imagesContext } from '../../images/view.ts';

export const imagesArea = defineArea({
  name: 'images',
  group: 'objects',
  ops: [],
  objects: imageObjects,
  graphics: imageGraphics,
  context: { images: imagesContext },
});
