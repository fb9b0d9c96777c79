// Package pin pins a measuring tool to chosen CPUs, so its own work does
// not land on the core the server under measure runs on. It owns only
// that: the tools (e2e/load, e2e/phonecost) own what they measure.
package pin

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// Self runs this process again under `taskset -c cpus` (every thread, and
// every process it starts, such as a browser, inherits the pinning), and
// reports true once that run is over: the caller then returns. It
// reports false in the pinned run itself, or when cpus is empty. env
// names the variable that marks the pinned run. A failing pinned run's
// exit code is this process's.
func Self(cpus, env string) (bool, error) {
	if cpus == "" || os.Getenv(env) != "" {
		return false, nil
	}
	cmd := exec.Command("taskset", append([]string{"-c", cpus, os.Args[0]}, os.Args[1:]...)...)
	cmd.Env = append(os.Environ(), env+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			os.Exit(ee.ExitCode())
		}
		return true, fmt.Errorf("taskset: %w", err)
	}
	return true, nil
}
