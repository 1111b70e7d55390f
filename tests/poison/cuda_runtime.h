#error "xp: a host header included cuda_runtime.h"
