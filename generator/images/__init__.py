"""Images drawn in pure Python: the icons' glyphs, the link-preview images (share_images.py), the app's icons."""
