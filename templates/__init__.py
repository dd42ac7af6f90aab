"""The wording of everything printed, as jinja2 templates, shipped with the package."""
