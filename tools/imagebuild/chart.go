package main

import (
	"fmt"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"
)

// chartDefaults are the image names the chart deploys when not overridden.
type chartDefaults struct {
	appVersion   string
	registry     string
	repositories map[string]string // service -> repository
}

// readChart reads the default image names from the chart itself, so the
// tarballs carry exactly the names a default install pulls.
func readChart(dir string) (chartDefaults, error) {
	var c chartDefaults
	var meta struct {
		AppVersion string `yaml:"appVersion"`
	}
	if err := readYAML(filepath.Join(dir, "Chart.yaml"), &meta); err != nil {
		return c, err
	}
	var values struct {
		Image struct {
			Registry string `yaml:"registry"`
		} `yaml:"image"`
		Services map[string]struct {
			Image struct {
				Repository string `yaml:"repository"`
			} `yaml:"image"`
		} `yaml:"services"`
	}
	if err := readYAML(filepath.Join(dir, "values.yaml"), &values); err != nil {
		return c, err
	}
	if meta.AppVersion == "" || values.Image.Registry == "" {
		return c, fmt.Errorf("%s: appVersion and image.registry must be set", dir)
	}
	c.appVersion = meta.AppVersion
	c.registry = values.Image.Registry
	c.repositories = map[string]string{}
	for svc, v := range values.Services {
		if v.Image.Repository != "" {
			c.repositories[svc] = v.Image.Repository
		}
	}
	return c, nil
}

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		return fmt.Errorf("chart %s: %w", path, err)
	}
	return nil
}
