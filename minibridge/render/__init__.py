"""Printed material: jinja2 wording from ``templates/``, laid out with reportlab, returned as PDF bytes."""
