#error "xp: a host header included cuda.h"
