"""One error shape for every refusal: `{"error": "<message for a person>", "code": "<code>"}`.

Route modules raise `ApiError(code, message)`; `add_error_handlers(app)` turns it, FastAPI's
request validation errors (pydantic bodies, query and path parameters) and HTTP errors (404,
405) into that shape (guard.py answers unexpected failures alike): a new route gets it free.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError, WebSocketRequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException

from squidbox.i18n import N_
from squidbox.i18n import gettext as _

log = logging.getLogger("squidbox.server")

STATUS = {
    "bad_request": 400,
    "unknown_game": 400,
    "invalid_options": 400,
    "not_signed_in": 401,
    "bad_signin": 401,
    "bad_token": 403,
    "bad_origin": 403,
    "unknown_table": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "illegal_action": 409,
    "stale": 409,
    "too_large": 413,
    "unsupported_media_type": 415,
    "rate_limited": 429,
    "server_error": 500,
    "unavailable": 503,
    "full": 503,
}


class ApiError(Exception):
    """A refused request: `code` is one of the documented machine codes (STATUS)."""

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def body(self) -> dict[str, str]:
        return {"error": self.message, "code": self.code}

    def response(self) -> JSONResponse:
        headers = {}
        if self.retry_after is not None:
            headers["Retry-After"] = str(max(1, round(self.retry_after + 0.5)))
        return JSONResponse(self.body(), status_code=self.status, headers=headers)


def validation_message(errors: list[Any]) -> str:
    """pydantic's errors as one sentence: where, and what is wrong (the first three)."""
    parts = []
    for error in errors[:3]:
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        message = error.get("msg", "invalid")
        parts.append(f"{where or _('the body')}: {message}")
    more = " " + _("(and {count} more)").format(count=len(errors) - 3) if len(errors) > 3 else ""
    return "; ".join(parts) + more


def from_validation(error: ValidationError | RequestValidationError) -> ApiError:
    return ApiError("bad_request", validation_message(list(error.errors())))


class ErrorBody(BaseModel):
    """Every refusal: a message meant for a person and a machine code (docs/web-api.md)."""

    error: str
    code: str


def publish_error_shape(app: FastAPI, extra_models: dict[str, type[BaseModel]]) -> None:
    """OpenAPI: every route's refusals are ErrorBody (400 where FastAPI would say 422), and
    `extra_models` (the WebSocket messages) are published as components too."""
    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
        error = {"description": "refused: {error, code}", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/ErrorBody"}}}}
        for methods in schema.get("paths", {}).values():
            for operation in methods.values():
                responses = operation.setdefault("responses", {})
                if responses.pop("422", None) is not None:
                    responses["400"] = error
                responses.setdefault("default", error)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            components.pop(name, None)
        # FastAPI's OpenAPI models hold every bound as a float (99.0, and 2^63 - 1 rounds to
        # 2^63): the request models' schemas come from pydantic itself, exact.
        models: dict[str, type[BaseModel]] = {
            "ErrorBody": ErrorBody, **extra_models,
            **{model.__name__: model for model in subclasses(BaseModel)
               if model.__name__ in components and model.__module__.startswith(__package__)}}
        for name, model in models.items():
            exact = model.model_json_schema(ref_template="#/components/schemas/{model}")
            components.update(exact.pop("$defs", {}))
            components[name] = exact
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def subclasses(base: type[BaseModel]) -> list[type[BaseModel]]:
    found = []
    for model in base.__subclasses__():
        found += [model, *subclasses(model)]
    return found


# Starlette's own words for these, translated where they are answered.
HTTP_DETAILS = (N_("Not Found"), N_("Method Not Allowed"))
HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large",
              415: "unsupported_media_type"}


def add_error_handlers(app: FastAPI) -> None:
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        app.state.metrics.refused(error.code)
        return error.response()

    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        return await api_error(_request, from_validation(error))

    async def http_error(_request: Request, error: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(error.status_code, "bad_request")
        if error.status_code >= 500:
            code = "server_error"
        message = _(error.detail) if isinstance(error.detail, str) else code.replace("_", " ")
        app.state.metrics.refused(code)
        return JSONResponse({"error": message, "code": code}, status_code=error.status_code,
                            headers=getattr(error, "headers", None))

    app.add_exception_handler(ApiError, api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(WebSocketRequestValidationError,
                              invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, http_error)  # type: ignore[arg-type]
