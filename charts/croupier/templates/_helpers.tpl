{{/*
Names. "croupier.fullname" is <release>-croupier (or the release name when it
already contains the chart name), truncated to the 63 characters a DNS label
allows; a service's objects are named <fullname>-<service>.
*/}}
{{- define "croupier.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "croupier.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "croupier.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* croupier.component: <fullname>-<service>. Context: dict root name. */}}
{{- define "croupier.component" -}}
{{- printf "%s-%s" (include "croupier.fullname" .root | trunc (int (sub 62 (len .name)))) .name | trimSuffix "-" }}
{{- end }}

{{/* The chart-created Secret (only rendered when a secret value is given). */}}
{{- define "croupier.secretName" -}}
{{- include "croupier.fullname" . }}
{{- end }}

{{/* The chart-created Secret of one service's own signing keys,
<fullname>-<service>-keys: only that service's pods read it. Context: dict
root name. */}}
{{- define "croupier.serviceSecretName" -}}
{{- printf "%s-keys" (include "croupier.component" (dict "root" .root "name" .name)) }}
{{- end }}

{{/* Selector labels of one service. Context: dict root name. Never change
these on an installed release: a Deployment's selector is immutable. */}}
{{- define "croupier.selectorLabels" -}}
app.kubernetes.io/name: {{ include "croupier.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* Standard labels of one service's objects. Context: dict root name. */}}
{{- define "croupier.labels" -}}
helm.sh/chart: {{ include "croupier.chart" .root }}
{{ include "croupier.selectorLabels" . }}
app.kubernetes.io/part-of: croupier
app.kubernetes.io/version: {{ include "croupier.imageTag" .root | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end }}

{{/* Labels of release-wide objects (the Secret, the Ingress). */}}
{{- define "croupier.releaseLabels" -}}
helm.sh/chart: {{ include "croupier.chart" . }}
app.kubernetes.io/name: {{ include "croupier.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: croupier
app.kubernetes.io/version: {{ include "croupier.imageTag" . | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "croupier.imageTag" -}}
{{- default .Chart.AppVersion .Values.image.tag }}
{{- end }}

{{/* Image of one service. Context: dict root name svc. */}}
{{- define "croupier.image" -}}
{{- $img := .root.Values.image }}
{{- $repo := printf "%s/%s" ($img.registry | trimSuffix "/") .svc.image.repository | trimPrefix "/" }}
{{- if $img.digest }}
{{- printf "%s@%s" $repo $img.digest }}
{{- else }}
{{- printf "%s:%s" $repo (include "croupier.imageTag" .root) }}
{{- end }}
{{- end }}

{{/* The services this release runs, sorted. */}}
{{- define "croupier.enabledServices" -}}
{{- $out := list }}
{{- range $name, $svc := .Values.services }}
{{- if $svc.enabled }}{{ $out = append $out $name }}{{ end }}
{{- end }}
{{- toJson $out }}
{{- end }}

{{/* Services (enabled) whose `calls` name this one. Context: dict root name. */}}
{{- define "croupier.callers" -}}
{{- $out := list }}
{{- range $caller, $svc := .root.Values.services }}
{{- if and $svc.enabled (has $.name $svc.calls) }}{{ $out = append $out $caller }}{{ end }}
{{- end }}
{{- toJson $out }}
{{- end }}

{{/* Whether a secret reference produces a value: "true" or "". */}}
{{- define "croupier.secretRefSet" -}}
{{- if or .existingSecret .value }}true{{ end }}
{{- end }}

{{/*
An env var read from a secret reference. Context: dict root env ref
required what, and secret: the chart-created Secret holding a value (default
croupier.secretName). A reference without existingSecret and without value
renders nothing, or fails when required.
*/}}
{{- define "croupier.secretEnv" -}}
{{- if .ref.existingSecret }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ .ref.existingSecret }}
      key: {{ .ref.key }}
{{- else if .ref.value }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret | default (include "croupier.secretName" .root) }}
      key: {{ .ref.key }}
{{- else if .required }}
{{- fail (printf "%s: set %s.existingSecret (or %s.value for a development cluster)" .env .what .what) }}
{{- end }}
{{- end }}

{{/*
The secret references whose values the chart stores in its own Secret, as a
JSON object key -> value. Two references may not share a key. The signing
keys are not among them: each service's are in its own Secret
(croupier.serviceSecretData).
*/}}
{{- define "croupier.secretData" -}}
{{- $v := .Values }}
{{- $refs := dict "auth.publicKeys" $v.auth.publicKeys "auth.apiKeys" $v.auth.apiKeys "sealKey" $v.sealKey "redis.password" $v.redis.password "postgres.dsn" $v.postgres.dsn "temporal.apiKey" $v.temporal.apiKey }}
{{- include "croupier.refData" $refs }}
{{- end }}

{{/*
The values of one service's own Secret (croupier.serviceSecretName): its
signing key, and for the table the session key. Context: dict root name svc.
*/}}
{{- define "croupier.serviceSecretData" -}}
{{- $refs := dict (printf "services.%s.signingKey" .name) .svc.signingKey }}
{{- if eq .name "table" }}
{{- $_ := set $refs "auth.sessionKey" .root.Values.auth.sessionKey }}
{{- end }}
{{- include "croupier.refData" $refs }}
{{- end }}

{{/* The values of secret references (dict what -> ref) kept in a
chart-created Secret, as JSON key -> value; two may not share a key. */}}
{{- define "croupier.refData" -}}
{{- $refs := . }}
{{- $data := dict }}
{{- $owner := dict }}
{{- range $what := keys $refs | sortAlpha }}
{{- $ref := get $refs $what }}
{{- if and $ref.value (not $ref.existingSecret) }}
{{- if hasKey $data $ref.key }}
{{- fail (printf "%s and %s both store key %q in the chart's Secret: give one a different key" (get $owner $ref.key) $what $ref.key) }}
{{- end }}
{{- $_ := set $data $ref.key $ref.value }}
{{- $_ := set $owner $ref.key $what }}
{{- end }}
{{- end }}
{{- toJson $data }}
{{- end }}

{{/* URL of a chart service for its callers. Context: dict root name. */}}
{{- define "croupier.serviceURL" -}}
{{- $override := get (.root.Values.serviceURLs | default dict) .name }}
{{- $callee := get .root.Values.services .name }}
{{- if $override }}
{{- $override }}
{{- else if and $callee $callee.enabled }}
{{- printf "http://%s:8080" (include "croupier.component" (dict "root" .root "name" .name)) }}
{{- else }}
{{- fail (printf "a service calls %s, which is not enabled: enable services.%s or set serviceURLs.%s" .name .name .name) }}
{{- end }}
{{- end }}

{{/* A NetworkPolicy egress rule for an external endpoint. Context: the
endpoint's egress values. */}}
{{- define "croupier.egressRule" -}}
- ports:
  {{- range .ports }}
    - port: {{ . }}
      protocol: TCP
  {{- end }}
  {{- if or .cidrs .peers }}
  to:
    {{- range .cidrs }}
    - ipBlock:
        cidr: {{ . }}
    {{- end }}
    {{- with .peers }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- end }}
{{- end }}

{{/*
The container's environment. Context: dict root name svc.
Order matters: $(VAR) references only expand variables defined earlier.
*/}}
{{- define "croupier.env" -}}
{{- $v := .root.Values }}
{{- $svc := .svc -}}
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: K8S_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: K8S_NODE_NAME
  valueFrom:
    fieldRef:
      fieldPath: spec.nodeName
# The Go runtime collects harder as the heap nears the container's limit
# instead of being OOM-killed (GOMAXPROCS already follows the CPU limit).
- name: GOMEMLIMIT
  valueFrom:
    resourceFieldRef:
      resource: limits.memory
- name: CROUPIER_ADDR
  value: ":8080"
- name: CROUPIER_LOG_LEVEL
  value: {{ $v.logLevel | quote }}
- name: CROUPIER_DRAIN_DELAY
  value: {{ printf "%ds" (int $v.lifecycle.drainDelaySeconds) | quote }}
- name: CROUPIER_SHUTDOWN_TIMEOUT
  value: {{ printf "%ds" (int $v.lifecycle.shutdownTimeoutSeconds) | quote }}
{{- with $v.corsOrigins }}
- name: CROUPIER_CORS_ORIGINS
  value: {{ join "," . | quote }}
{{- end }}
{{- /* Token keys: the public key set to every service; the service's own
signing key (required when it calls another service) from its own Secret;
the session key to the table only. No operator key: operators mint their
tokens outside the cluster (croupierctl token mint). */}}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_TOKEN_PUBLIC_KEYS" "ref" $v.auth.publicKeys "required" true "what" "auth.publicKeys") }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_TOKEN_SIGNING_KEY" "ref" $svc.signingKey "required" (not (empty $svc.calls)) "what" (printf "services.%s.signingKey" .name) "secret" (include "croupier.serviceSecretName" .)) }}
{{- if eq .name "table" }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_SESSION_SIGNING_KEY" "ref" $v.auth.sessionKey "required" true "what" "auth.sessionKey" "secret" (include "croupier.serviceSecretName" .)) }}
{{- end }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_API_KEYS" "ref" $v.auth.apiKeys "required" false "what" "auth.apiKeys") }}
{{- if has "redis" $svc.uses }}
- name: CROUPIER_REDIS_ADDR
  value: {{ required (printf "redis.addr is required: services.%s uses Redis" .name) $v.redis.addr | quote }}
- name: CROUPIER_REDIS_CLUSTER
  value: {{ $v.redis.cluster | quote }}
- name: CROUPIER_REDIS_TLS
  value: {{ $v.redis.tls.enabled | quote }}
{{- with $v.redis.tls.serverName }}
- name: CROUPIER_REDIS_TLS_SERVER_NAME
  value: {{ . | quote }}
{{- end }}
{{- with $v.redis.username }}
- name: CROUPIER_REDIS_USERNAME
  value: {{ . | quote }}
{{- end }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_REDIS_PASSWORD" "ref" $v.redis.password "required" false "what" "redis.password") }}
{{- end }}
{{- if has "sealKey" $svc.uses }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_SEAL_KEY" "ref" $v.sealKey "required" true "what" "sealKey") }}
{{- end }}
{{- if has "postgres" $svc.uses }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_POSTGRES_DSN" "ref" $v.postgres.dsn "required" true "what" "postgres.dsn") }}
{{- end }}
{{- if has "temporal" $svc.uses }}
- name: CROUPIER_TEMPORAL_ADDRESS
  value: {{ required (printf "temporal.address is required: services.%s uses Temporal" .name) $v.temporal.address | quote }}
- name: CROUPIER_TEMPORAL_NAMESPACE
  value: {{ $v.temporal.namespace | quote }}
- name: CROUPIER_TEMPORAL_TASK_QUEUE
  value: {{ $v.temporal.taskQueue | quote }}
- name: CROUPIER_TEMPORAL_TLS
  value: {{ $v.temporal.tls.enabled | quote }}
{{- include "croupier.secretEnv" (dict "root" .root "env" "CROUPIER_TEMPORAL_API_KEY" "ref" $v.temporal.apiKey "required" false "what" "temporal.apiKey") }}
{{- end }}
{{- range $callee := $svc.calls | sortAlpha }}
- name: {{ printf "CROUPIER_%s_URL" (upper $callee) }}
  value: {{ include "croupier.serviceURL" (dict "root" $.root "name" $callee) | quote }}
{{- end }}
{{- $prom := $v.metrics.prometheus.enabled }}
{{- if or $v.otel.enabled $prom }}
- name: OTEL_SERVICE_NAME
  value: {{ printf "croupier-%s" .name | quote }}
{{- end }}
{{- if $prom }}
{{- /* The scrape endpoint (metrics.prometheus): the OTel Prometheus
exporter on its own port, beside OTLP when that is on too. */}}
- name: OTEL_METRICS_EXPORTER
  value: {{ ternary "otlp,prometheus" "prometheus" $v.otel.enabled | quote }}
- name: OTEL_EXPORTER_PROMETHEUS_HOST
  value: "0.0.0.0"
- name: OTEL_EXPORTER_PROMETHEUS_PORT
  value: {{ $v.metrics.prometheus.port | int | toString | quote }}
{{- if not $v.otel.enabled }}
- name: OTEL_TRACES_EXPORTER
  value: "none"
{{- end }}
{{- end }}
{{- if $v.otel.enabled }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ required "otel.endpoint is required when otel.enabled" $v.otel.endpoint | quote }}
- name: OTEL_EXPORTER_OTLP_PROTOCOL
  value: {{ $v.otel.protocol | quote }}
- name: OTEL_TRACES_SAMPLER
  value: {{ $v.otel.sampler | quote }}
{{- if $v.otel.samplerArg }}
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $v.otel.samplerArg | quote }}
{{- end }}
- name: OTEL_METRIC_EXPORT_INTERVAL
  value: {{ $v.otel.metricExportIntervalMillis | int | toString | quote }}
{{- end }}
{{- if or $v.otel.enabled $prom }}
{{- $attrs := list "service.namespace=croupier" (printf "service.version=%s" (include "croupier.imageTag" .root)) "k8s.namespace.name=$(K8S_NAMESPACE)" "k8s.pod.name=$(K8S_POD_NAME)" "k8s.node.name=$(K8S_NODE_NAME)" (printf "k8s.deployment.name=%s" (include "croupier.component" .)) }}
{{- range $k := keys $v.otel.resourceAttributes | sortAlpha }}
{{- $attrs = append $attrs (printf "%s=%s" $k (get $v.otel.resourceAttributes $k)) }}
{{- end }}
- name: OTEL_RESOURCE_ATTRIBUTES
  value: {{ join "," $attrs | quote }}
{{- else }}
- name: OTEL_SDK_DISABLED
  value: "true"
{{- end }}
{{- range $k := keys $svc.env | sortAlpha }}
- name: {{ $k }}
  value: {{ get $svc.env $k | toString | quote }}
{{- end }}
{{- with $v.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- with $svc.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* terminationGracePeriodSeconds, always above drain delay + shutdown timeout. */}}
{{- define "croupier.terminationGrace" -}}
{{- $l := .Values.lifecycle }}
{{- $floor := add (int $l.drainDelaySeconds) (int $l.shutdownTimeoutSeconds) }}
{{- if $l.terminationGracePeriodSeconds }}
{{- if le (int $l.terminationGracePeriodSeconds) (int $floor) }}
{{- fail (printf "lifecycle.terminationGracePeriodSeconds (%d) must exceed drainDelaySeconds + shutdownTimeoutSeconds (%d): Kubernetes kills the pod at the grace period" (int $l.terminationGracePeriodSeconds) (int $floor)) }}
{{- end }}
{{- int $l.terminationGracePeriodSeconds }}
{{- else }}
{{- add $floor 10 }}
{{- end }}
{{- end }}

{{/*
The extra volumes of one service's pods, global then the service's own, and
their mounts; a mount must name a volume of the pod. Context: dict root name
svc. Output: JSON {"volumes": [...], "mounts": [...]}.
*/}}
{{- define "croupier.extraVolumes" -}}
{{- $vols := concat (.root.Values.extraVolumes | default list) (.svc.extraVolumes | default list) }}
{{- $mounts := concat (.root.Values.extraVolumeMounts | default list) (.svc.extraVolumeMounts | default list) }}
{{- $names := list "tmp" }}
{{- range $vols }}
{{- if has .name $names }}
{{- fail (printf "services.%s: volume %q given twice (or named tmp, the chart's own scratch volume): extraVolumes names must be unique" $.name .name) }}
{{- end }}
{{- $names = append $names .name }}
{{- end }}
{{- $paths := list "/tmp" }}
{{- range $mounts }}
{{- if not (has .name $names) }}
{{- fail (printf "services.%s: extraVolumeMounts %s names volume %q, which is in neither extraVolumes nor services.%s.extraVolumes" $.name .mountPath .name $.name) }}
{{- end }}
{{- if has .mountPath $paths }}
{{- fail (printf "services.%s: two volumes mounted at %s (/tmp is the chart's)" $.name .mountPath) }}
{{- end }}
{{- $paths = append $paths .mountPath }}
{{- end }}
{{- toJson (dict "volumes" $vols "mounts" $mounts) }}
{{- end }}

{{/* Labels of the helm test pods: the release's, and a component no service
has, so no Service, budget or policy of a service selects them. */}}
{{- define "croupier.testSelectorLabels" -}}
app.kubernetes.io/name: {{ include "croupier.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: helm-test
{{- end }}
