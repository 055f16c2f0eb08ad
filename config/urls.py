from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        SpectacularSwaggerView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    path("api/", include("config.api_urls")),
    path("", include("config.web_urls")),
]

# JSON in the API's error shape under /api/, the site's pages elsewhere.
handler400 = "config.api_errors.bad_request"
handler403 = "config.api_errors.permission_denied"
handler404 = "config.api_errors.page_not_found"
handler500 = "config.api_errors.server_error"
