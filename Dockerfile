# syntax=docker/dockerfile:1
# ringd's container image: `docker build -t ringd .` (or `docker compose up --build`). Debian bookworm in both
# stages, the distribution every test runs on; scripts/check/image builds this file unchanged with podman and
# runs the image read-only, without capabilities, as its own user.

# Build stage: the same `swift build` the README uses, in release mode with the Swift runtime linked in, and the
# label fonts the image will carry.
FROM swift:6.3-bookworm AS build
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# DL3008 (pin apt package versions) is skipped in both stages: Debian replaces a stable release's package versions
# with each point release and security update, so pinned versions would stop building within weeks; the release
# (bookworm) is what is pinned.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends libssl-dev zlib1g-dev libdeflate-dev pkg-config \
        libharfbuzz-dev libfribidi-dev fonts-inter fonts-noto-core fonts-noto-cjk fonts-droid-fallback \
        fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product ringd \
    && cp "$(swift build -c release --show-bin-path)/ringd" /ringd \
    && strip /ringd
# Only the font files ringd loads, not the packages' 60 MB: `ringd fonts` lists them (the label faces, Noto Sans
# CJK's Bold and Regular collections but not the Serif ones, and the badges' DejaVu Sans). Droid Sans Fallback
# (4 MB), ringd's CJK face only where Noto Sans CJK lacks a character, comes along as scripts/setup installs it on
# a host: the font digest is part of every picture's version, so the image and a host draw the same bytes and ETags.
RUN mkdir /fonts && /ringd fonts | xargs -I{} cp {} /fonts/

# Run stage: slim Debian with only the system libraries ringd links (libssl/libcrypto, zlib, libdeflate,
# HarfBuzz, FriBidi), the CA store src= verifies against, and the fonts; no shell tools are needed: the
# HEALTHCHECK is ringd's own `probe` subcommand.
FROM debian:bookworm-slim
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends libssl3 zlib1g libdeflate0 libharfbuzz0b libfribidi0 \
        ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin ringd
COPY --from=build /ringd /usr/local/bin/ringd
COPY --from=build /fonts /usr/share/ringd/fonts
USER 10001
ENV RINGD_HOST=0.0.0.0 RINGD_PORT=8080 RINGD_FONT_DIR=/usr/share/ringd/fonts
EXPOSE 8080
# `ringd probe` asks /healthz on the address RINGD_HOST/RINGD_PORT name, so the check follows a changed port.
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 CMD ["/usr/local/bin/ringd", "probe"]
ENTRYPOINT ["/usr/local/bin/ringd"]
