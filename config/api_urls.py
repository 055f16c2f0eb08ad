"""The API's URL map: each app contributes its own routes under /api/."""

from django.urls import include, path, re_path
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from config.api_errors import api_not_found


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request: Request) -> Response:
    """Entry point: links to the API's documentation and resources."""
    return Response(
        {
            "schema": reverse("api-schema", request=request),
            "docs": reverse("api-docs", request=request),
            "formats": reverse("format-list", request=request),
            "skills": reverse("skill-list", request=request),
            "leagues": reverse("league-list", request=request),
            "teams": reverse("team-list", request=request),
            "seasons": reverse("season-list", request=request),
        }
    )


urlpatterns = [
    path("", api_root, name="api-root"),
    path("", include("league.urls")),
    path("", include("matches.urls")),
    # Last: any other path under /api/ is a JSON 404, for every method.
    re_path(r"^(?P<rest>.*)$", api_not_found, name="api-not-found"),
]
