"""The admin app, with Dugout's own site (``config/admin_site.py``) as
``admin.site``: loaded here without importing any model."""

from django.contrib.admin.apps import AdminConfig


class DugoutAdminConfig(AdminConfig):
    default_site = "config.admin_site.DugoutAdminSite"
